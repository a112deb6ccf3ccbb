import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { Pager } from '../../../components/pager';

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

/** The shared pager as the staff's lists show it. */
export function StaffPager(props: { page: number; pages: number; onPage: (page: number) => void }) {
  return <Pager {...props} landmark="staff-pager" />;
}
