export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/**
 * The pages a pagination control shows: every page when there are 9 or fewer; otherwise the
 * first and last pages, the current page with its neighbours, and an ellipsis group at the
 * start and/or at the end for the pages left out (always 9 items, so the control does not jump).
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, current), total);
  if (total <= 9) return Array.from({ length: total }, (_, i) => i + 1);
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);
  // Near the start: 1-7 … last. Near the end: 1 … last 7. Between: 1 … two either side … last.
  if (page <= 5) return [...range(1, 7), 'end-ellipsis', total];
  if (page >= total - 4) return [1, 'start-ellipsis', ...range(total - 6, total)];
  return [1, 'start-ellipsis', ...range(page - 2, page + 2), 'end-ellipsis', total];
}
