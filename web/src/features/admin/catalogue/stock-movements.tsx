import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { useFormat } from '../../../lib/format';
import { useStockMovements } from './api/get-stock-movements';

/** A product's stock movements: every change of a counted stock, with why and who. */
export function StockMovements({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const movements = useStockMovements(uid);
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
        <div className="product-movements__scroll">
          <table className="admin-table" data-testid="product-movements-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.product.movementDate')}</th>
                <th scope="col">{t('admin.product.movementDelta')}</th>
                <th scope="col">{t('admin.product.movementAfter')}</th>
                <th scope="col">{t('admin.product.movementReason')}</th>
                <th scope="col">{t('admin.product.movementWho')}</th>
              </tr>
            </thead>
            <tbody>
              {movements.data.map((m) => (
                <tr key={m.uid} data-reason={m.reason}>
                  <td>
                    {format.instant(m.created_at, { dateStyle: 'short', timeStyle: 'short' })}
                    <br />
                    <small>{m.place.name}</small>
                  </td>
                  <td>{`${m.delta > 0 ? '+' : ''}${format.number(m.delta)}`}</td>
                  <td>{m.stock_after === null ? '—' : format.number(m.stock_after)}</td>
                  <td>
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
                  </td>
                  <td>{m.actor?.name ?? t('admin.product.movementSystem')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
