import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import type { Paged } from '@store/contract/http/paged';
import { DEFAULT_PAGE_SIZE, pageCount } from '@store/contract/http/pages';
import { TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { Pager } from '../../../components/pager';
import { AdminLoadError } from './admin-load-error';

/**
 * The frame every back-office list screen is drawn in (docs/style.md, "A back-office list
 * screen"): `ListHead` (the title and what stands beside it), `ListSearch`, `NewRecordLink`, and
 * `ListPanel`, which shows the states of one page of the list and the pager under it. The rows
 * are the screen's own: a `ListTable` (./list-table.tsx) or any list it draws.
 */

/** A back-office screen's head: its title, the page's one h1, and what stands beside it. */
export function ListHead({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="admin-page__head">
      <h1 className="admin-page__title">{title}</h1>
      {children}
    </div>
  );
}

/** The button to a list's "new record" screen. */
export function NewRecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link className="button button--primary" to={to}>
      {children}
    </Link>
  );
}

/** A list's search box; `onChange` gets the text as typed (useListPage waits on it). */
export function ListSearch({
  onChange,
  ...field
}: Omit<ComponentProps<typeof TextField>, 'type' | 'value' | 'onChange'> & {
  value: string;
  onChange: (text: string) => void;
}) {
  return <TextField {...field} type="search" onChange={(e) => onChange(e.target.value)} />;
}

/** What ListStates reads of a list's query (TanStack Query's result has it). */
export type PagedQuery<Row> = {
  isPending: boolean;
  isError: boolean;
  data?: Paged<Row>;
  refetch: () => unknown;
};

type ListStatesProps<Row> = {
  query: PagedQuery<Row>;
  /** The text of an empty page: none yet, or none that matches the search and filters. */
  empty: string;
  emptyTestId?: string;
  /** Shown instead of the shared "could not load" when the screen says more about a failure. */
  failure?: ReactNode;
  children: (rows: Row[]) => ReactNode;
};

/** One page of a list: loading, the read that failed (with a retry), empty, or its rows. */
export function ListStates<Row>({
  query,
  empty,
  emptyTestId,
  failure,
  children,
}: ListStatesProps<Row>) {
  const rows = query.data?.results;
  if (query.isPending) return <Loading />;
  if (query.isError) return failure ?? <AdminLoadError onRetry={() => query.refetch()} />;
  if (!rows?.length)
    return (
      <p className="admin-empty" data-testid={emptyTestId}>
        {empty}
      </p>
    );
  return <>{children(rows)}</>;
}

/** A list panel is named by `label`, or by a visible `heading` (an h2 with that id). */
type PanelName = { label: string } | { heading: { id: string; text: ReactNode } };

/**
 * A list's panel: its states (ListStates) and under them the pager, there whatever the state so
 * a page left empty can be left. `pageSize` is the page size the list asked for.
 */
export function ListPanel<Row>({
  page,
  pageSize = DEFAULT_PAGE_SIZE,
  onPage,
  ...props
}: ListStatesProps<Row> &
  PanelName & { page: number; pageSize?: number; onPage: (page: number) => void }) {
  const { query, empty, emptyTestId, failure, children } = props;
  return (
    <section
      className="admin-panel"
      {...('heading' in props
        ? { 'aria-labelledby': props.heading.id }
        : { 'aria-label': props.label })}
    >
      {'heading' in props ? (
        <h2 id={props.heading.id} className="admin-panel__title">
          {props.heading.text}
        </h2>
      ) : null}
      <ListStates query={query} empty={empty} emptyTestId={emptyTestId} failure={failure}>
        {children}
      </ListStates>
      <ListPager query={query} page={page} pageSize={pageSize} onPage={onPage} />
    </section>
  );
}

/** The pager under a list, its page count from the list's count (one page until it is known). */
export function ListPager({
  query,
  page,
  pageSize = DEFAULT_PAGE_SIZE,
  onPage,
}: {
  query: Pick<PagedQuery<unknown>, 'data'>;
  page: number;
  pageSize?: number;
  onPage: (page: number) => void;
}) {
  const count = query.data?.count;
  return (
    <Pager
      page={page}
      pages={count === undefined ? 1 : pageCount(count, pageSize)}
      onPage={onPage}
    />
  );
}
