import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/**
 * A back-office list's page and search box. The typed text is asked for once the owner pauses
 * (300 ms), trimmed; a new search, or a filter set through `refilter`, starts again from the
 * first page, which the narrower list may not reach.
 */
export function useListPage() {
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(typed.trim(), 300);
  const refilter =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return {
    page,
    setPage,
    typed,
    setTyped: refilter(setTyped),
    search,
    /** The search as the list's query filter: `q`, or nothing while the box is empty. */
    searchFilter: search ? { q: search } : {},
    refilter,
  };
}
