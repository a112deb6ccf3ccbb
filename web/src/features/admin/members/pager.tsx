import { useTranslation } from 'react-i18next';

/** Previous / next through a paged list of the members screens (20 a page, the API's default). */
export function Pager({
  page,
  count,
  onPage,
}: {
  page: number;
  count: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(count / 20));
  if (pages <= 1) return null;
  return (
    <div className="admin-members__pager">
      <button
        type="button"
        className="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('admin.members.previous')}
      </button>
      <span>{t('admin.members.page', { page, pages })}</span>
      <button
        type="button"
        className="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('admin.members.next')}
      </button>
    </div>
  );
}
