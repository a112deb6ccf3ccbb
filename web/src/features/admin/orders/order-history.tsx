import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading';
import { useFormat } from '../../../lib/format';
import { useOrderHistory } from './api/get-order-history';

/** What the back office did to the order (the audit log's lines about it). */
export function OrderHistory({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const history = useOrderHistory(uid);
  return (
    <section className="admin-panel" aria-labelledby="admin-order-history">
      <h2 id="admin-order-history" className="admin-panel__title">
        {t('admin.orders.historyTitle')}
      </h2>
      {history.isPending ? (
        <Loading />
      ) : history.isError ? (
        <p className="admin-empty">{t('admin.fetchError')}</p>
      ) : !history.data.results.length ? (
        <p className="admin-empty">{t('admin.orders.historyEmpty')}</p>
      ) : (
        <ul className="admin-order__facts" data-testid="admin-order-history">
          {history.data.results.map((line) => (
            <li key={line.uid}>
              <strong>{format.instant(line.at)}</strong>{' '}
              {line.after?.ready === true
                ? t('admin.orders.historyReady', {
                    who: line.actor.name || line.actor.email || '—',
                    role: t(`admin.role_${line.actor.role}`),
                  })
                : line.after && 'removed' in line.after
                  ? t('admin.orders.historyRemoved', {
                      who: line.actor.name || line.actor.email || '—',
                      role: t(`admin.role_${line.actor.role}`),
                      quantity: line.after.removed,
                      title: (line.after.line as { title?: string } | undefined)?.title ?? '',
                    })
                  : t('admin.orders.historyLine', {
                      who: line.actor.name || line.actor.email || '—',
                      role: t(`admin.role_${line.actor.role}`),
                      status: t(`admin.orders.status_${String(line.after?.status ?? '')}`, {
                        defaultValue: String(line.after?.status ?? ''),
                      }),
                    })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
