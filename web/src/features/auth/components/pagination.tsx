import { useTranslation } from 'react-i18next';
import { pageItems } from '../lib/pagination';

/** Page buttons: all pages when 9 or fewer, ellipsis groups otherwise; previous/next disabled at the ends. */
export function Pagination({
  page,
  total,
  onChange,
}: {
  page: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (total <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('auth.pagination')}>
      <button
        type="button"
        className="pagination__button"
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        aria-label={t('auth.previousPage')}
      >
        ‹
      </button>
      {pageItems(page, total).map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            className={
              item === page
                ? 'pagination__button pagination__button--current'
                : 'pagination__button'
            }
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('auth.pageN', { page: item })}
            onClick={() => onChange(item)}
          >
            {item}
          </button>
        ) : (
          <span key={item} className="pagination__ellipsis" aria-hidden="true">
            …
          </span>
        ),
      )}
      <button
        type="button"
        className="pagination__button"
        onClick={() => onChange(page + 1)}
        disabled={page >= total}
        aria-label={t('auth.nextPage')}
      >
        ›
      </button>
    </nav>
  );
}
