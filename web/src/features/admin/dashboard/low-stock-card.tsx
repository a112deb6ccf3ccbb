import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format';
import { useLowStock } from './api/get-low-stock';

/**
 * Stock that warns: the products at or below their place's threshold, and the sold-out ones,
 * each a link to its product screen. Says nothing while loading; a failure says so briefly
 * (the rest of the dashboard stands on its own).
 */
export function LowStockCard({ place }: { place?: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const low = useLowStock(place || undefined);
  if (low.isPending) return null;
  return (
    <section className="admin-panel" aria-labelledby="admin-low-stock" data-testid="low-stock">
      <h2 id="admin-low-stock" className="admin-panel__title">
        {t('admin.lowStock.title')}
      </h2>
      {low.isError ? (
        <p className="admin-empty">{t('admin.fetchError')}</p>
      ) : low.data.count === 0 ? (
        <p className="admin-empty">{t('admin.lowStock.none')}</p>
      ) : (
        <>
          <p className="admin-page__note">
            {t('admin.lowStock.summary', {
              count: low.data.count,
              soldOut: low.data.sold_out,
            })}
          </p>
          <ul className="admin-low-stock">
            {low.data.results.map((r) => (
              <li key={`${r.product.uid}-${r.place.uid}`} data-sold-out={r.sold_out}>
                <Link to={`/admin/catalogue/products/${r.product.uid}`}>{r.product.title}</Link>
                <span className="admin-low-stock__place">{r.place.name}</span>
                <span
                  className={
                    r.sold_out
                      ? 'admin-low-stock__badge admin-low-stock__badge--out'
                      : 'admin-low-stock__badge'
                  }
                >
                  {r.sold_out
                    ? t('admin.lowStock.soldOut')
                    : t('admin.lowStock.left', {
                        stock: format.number(r.stock),
                        threshold: format.number(r.low_stock_threshold ?? 0),
                      })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
