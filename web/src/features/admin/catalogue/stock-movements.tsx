import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { useFormat } from '../../../lib/format';
import type { AdminStockMovement } from '@store/contract/admin/selling';
import { ListTable, type ListColumn } from '../shell/list-table';
import { useStockMovements } from './api/get-stock-movements';

/** A product's stock movements: every change of a counted stock, with why and who. */
export function StockMovements({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const movements = useStockMovements(uid);
  const columns: ListColumn<AdminStockMovement>[] = [
    {
      title: t('admin.product.movementDate'),
      cell: (m) => (
        <>
          {format.instant(m.created_at, { dateStyle: 'short', timeStyle: 'short' })}
          <br />
          <small>{m.place.name}</small>
        </>
      ),
    },
    {
      title: t('admin.product.movementDelta'),
      cell: (m) => `${m.delta > 0 ? '+' : ''}${format.number(m.delta)}`,
    },
    {
      title: t('admin.product.movementAfter'),
      cell: (m) => (m.stock_after === null ? '—' : format.number(m.stock_after)),
    },
    {
      title: t('admin.product.movementReason'),
      cell: (m) => (
        <>
          {t(`admin.product.reason_${m.reason}`)}
          {m.order ? (
            <>
              {' · '}
              <Link to={`/admin/orders/${m.order.uid}`}>
                {m.order.number === null
                  ? t('admin.product.movementOrder', { number: '—' })
                  : t('admin.product.movementOrder', { number: m.order.number })}
              </Link>
            </>
          ) : null}
        </>
      ),
    },
    {
      title: t('admin.product.movementWho'),
      cell: (m) => m.actor?.name ?? t('admin.product.movementSystem'),
    },
  ];
  return (
    <section
      className="product-form__section product-movements"
      aria-labelledby="product-movements-title"
      data-testid="product-movements"
    >
      <h2 id="product-movements-title" className="product-movements__title">
        {t('admin.product.movements')}
      </h2>
      <p className="form-field__hint">{t('admin.product.movementsHint')}</p>
      {movements.isPending ? (
        <Loading />
      ) : movements.isError ? (
        <FormAlert messages={[t('admin.fetchError')]} />
      ) : movements.data.length === 0 ? (
        <p className="admin-empty">{t('admin.product.movementsEmpty')}</p>
      ) : (
        <ListTable
          frameClassName="product-movements__scroll"
          testId="product-movements-table"
          columns={columns}
          rows={movements.data}
          rowKey={(m) => m.uid}
          rowData={(m) => ({ 'data-reason': m.reason })}
        />
      )}
    </section>
  );
}
