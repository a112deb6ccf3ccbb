import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { pagerEs } from '../i18n/pager-es';
import { pagerEn } from '../i18n/pager-en';
import '../styles/pager.css';

// Every paged list says the same words: they travel with the pager (as the step-up prompt's do).
i18next.addResourceBundle('es', 'translation', { pager: pagerEs }, true, true);
i18next.addResourceBundle('en', 'translation', { pager: pagerEn }, true, true);

/**
 * Previous / "page n of m" / next under a paged list; nothing when everything fits on one page.
 * A list that knows only whether there is a next page (paged by its links, not its count) leaves
 * `pages` out and says `hasNext` and `hasPrevious`: it shows "page n".
 *
 * The back office's lists show it as a row of plain buttons (`admin-pager`); the store's and the
 * staff's lists as a landmark with ghost buttons (`landmark` names its class).
 */
export function Pager({
  page,
  pages,
  hasNext = pages !== undefined && page < pages,
  hasPrevious = page > 1,
  onPage,
  landmark,
}: {
  page: number;
  pages?: number;
  hasNext?: boolean;
  hasPrevious?: boolean;
  onPage: (page: number) => void;
  landmark?: 'staff-pager' | 'orders__pager';
}) {
  const { t } = useTranslation();
  if (pages === undefined ? !hasPrevious && !hasNext : pages <= 1) return null;
  const where =
    pages === undefined ? t('pager.page', { page }) : t('pager.pageOf', { page, pages });
  const buttonClass = landmark ? 'button button--ghost' : 'button';
  const controls = (
    <>
      <button
        type="button"
        className={buttonClass}
        disabled={!hasPrevious}
        onClick={() => onPage(page - 1)}
      >
        {t('pager.previous')}
      </button>
      <span>{where}</span>
      <button
        type="button"
        className={buttonClass}
        disabled={!hasNext}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')}
      </button>
    </>
  );
  return landmark ? (
    <nav className={landmark} aria-label={where}>
      {controls}
    </nav>
  ) : (
    <div className="admin-pager">{controls}</div>
  );
}
