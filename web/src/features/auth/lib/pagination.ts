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
  const siblings = 2;
  const boundary = 1;
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  // Window of 2 * siblings + 1 around the current page, kept clear of the first and last pages.
  const start = Math.max(Math.min(page - siblings, total - boundary - 2 * siblings - 2), boundary + 2);
  const end = Math.min(Math.max(page + siblings, boundary + 2 * siblings + 3), total - boundary - 1);
  return [
    ...range(1, boundary),
    ...(start > boundary + 2 ? ['start-ellipsis' as const] : boundary + 1 < total - boundary ? [boundary + 1] : []),
    ...range(start, end),
    ...(end < total - boundary - 1 ? ['end-ellipsis' as const] : total - boundary > boundary ? [total - boundary] : []),
    ...range(total - boundary + 1, total),
  ];
}

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}
