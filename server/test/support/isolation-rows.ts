import type { TestApp } from './test-app';

/** One call of an isolation proof (proof-isolation.test.ts): a route called with a victim's ids. */
export type IsolationRow = {
  route: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: () => string;
  body?: () => unknown;
  /** Statuses that refuse; ids sent in a body may be refused as a 400 naming the field. */
  refuse?: number[];
  /** The victim's own host for this row (the control call), localhost unless said. */
  home?: string;
  /** A list (or a file) of the caller's own: 200, holding nothing of the victim's. */
  listed?: boolean;
  /** The test's name when one route is called twice (the route otherwise). */
  label?: string;
  /** More checks of the intruder's answer on its own host. */
  check?: (res: Awaited<ReturnType<TestApp['call']>>) => void;
  /** What the victim's owner finds in their own answer (the control, with `owner`). */
  ownerSees?: () => string;
};

/**
 * A row that calls its route as written (`'GET v5/me/programs/{uid}/ledger/'`): the method is the
 * route's, the URL its path under /api with each `{name}` replaced by `ids[name]()` when the test
 * runs (the victim's ids are made in `before`). A note after the path (`'POST v5/me/programs/
 * (program)'`) names the test only. `more` gives the body, the refusals and any field of the
 * proof's own rows.
 */
export function routeRow(
  route: string,
  ids: Record<string, () => string> = {},
  more: Partial<IsolationRow> = {},
): IsolationRow {
  const [method, path] = route.split(' ');
  const url = () => '/api/' + path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]());
  return { route, method: method as IsolationRow['method'], url, ...more };
}
