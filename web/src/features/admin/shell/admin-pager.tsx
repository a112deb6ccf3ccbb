import { useTranslation } from 'react-i18next';

/**
 * Previous / next through a paged back-office list; nothing when there is one page. `texts` names
 * the screen's i18n group, whose `previous`, `next` and `page` ({{page}} of {{pages}}) it shows.
 */
export function AdminPager({
  page,
  pages,
  onPage,
  texts,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  texts: string;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <div className="admin-pager">
      <button
        type="button"
        className="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t(`${texts}.previous`)}
      </button>
      <span>{t(`${texts}.page`, { page, pages })}</span>
      <button
        type="button"
        className="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t(`${texts}.next`)}
      </button>
    </div>
  );
}
