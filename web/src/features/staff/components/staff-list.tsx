import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';

type ListQuery<T> = {
  isPending: boolean;
  isError: boolean;
  data?: { results: T[] };
  refetch: () => unknown;
};

type StaffListProps<T> = {
  query: ListQuery<T>;
  /** Messages of a failed fetch that belong to no filter field (already in the reader's words). */
  generalErrors?: string[];
  /** A fetch refused for its filters shows the errors beside the fields instead of a failure page. */
  filtersRefused?: boolean;
  emptyTitle: string;
  children: (rows: T[]) => ReactNode;
};

/**
 * The states every staff list goes through around its rows: loading, a failed fetch with a retry,
 * nothing found, then the rows themselves.
 */
export function StaffList<T>({
  query,
  generalErrors = [],
  filtersRefused = false,
  emptyTitle,
  children,
}: StaffListProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <Loading />;
  if (query.isError || !query.data) {
    if (filtersRefused) return null;
    return (
      <PageMessage title={t('staff.fetchError')}>
        <FormAlert messages={generalErrors} />
        <button
          type="button"
          className="button button--primary"
          onClick={() => void query.refetch()}
        >
          {t('staff.retry')}
        </button>
      </PageMessage>
    );
  }
  if (query.data.results.length === 0) return <PageMessage title={emptyTitle} />;
  return <>{children(query.data.results)}</>;
}

/** Previous / "page n of m" / next under a staff list; nothing when everything fits on one page. */
export function StaffPager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="staff-pager" aria-label={t('staff.pageOf', { page, pages })}>
      <button
        type="button"
        className="button button--ghost"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('staff.previous')}
      </button>
      <span>{t('staff.pageOf', { page, pages })}</span>
      <button
        type="button"
        className="button button--ghost"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('staff.next')}
      </button>
    </nav>
  );
}
