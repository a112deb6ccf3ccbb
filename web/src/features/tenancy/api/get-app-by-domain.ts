import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { storageKeys } from '@store/contract/constants';
import type { App } from '@store/contract';
import { api, ApiError } from '../../../api';
import { tenancyKeys } from '../../../api/query-keys/tenancy';
import { storage } from '../../../lib/storage';
import { useHostname } from '../../../lib/request-host';

/** The host name with a leading 'www.' removed: the key tenants are stored under. */
export function currentDomain(hostname = window.location.hostname): string {
  return hostname.replace(/^www\./i, '');
}

/**
 * GET v7/apps/?domain=: succeeds only with a 200 and a non-empty list; the app key is stored
 * before anything else renders so later calls carry it.
 */
export async function getAppByDomain(domain: string): Promise<App> {
  const list = await api.get<App[]>('v7/apps/', { query: { domain } });
  const app = Array.isArray(list) ? list[0] : undefined;
  if (!app) throw new ApiError(404, { detail: 'No encontrado.' });
  storage.set(storageKeys.apiKey, app.api_key);
  return app;
}

/**
 * The server puts the answer of GET v7/apps/?domain=<host> inside the page
 * (server/src/plugins/app-bootstrap.ts), so the first render already has the tenant. Read once:
 * the Vite dev server and an unknown host (an empty list) fall back to the call.
 */
function bootstrappedApp(domain: string): App | undefined {
  // The server's render is given the tenant in its query cache (entry-server.tsx).
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById('app-bootstrap');
  if (!element?.textContent) return undefined;
  element.remove();
  try {
    const [app] = JSON.parse(element.textContent) as App[];
    if (!app || currentDomain(app.domain ?? '') !== domain) return undefined;
    storage.set(storageKeys.apiKey, app.api_key);
    return app;
  } catch {
    return undefined;
  }
}

export const appByDomainQuery = (domain: string) =>
  queryOptions({
    queryKey: tenancyKeys.appByDomain(domain),
    queryFn: () => getAppByDomain(domain),
    initialData: () => bootstrappedApp(domain),
    staleTime: Infinity,
    // A 403 already dropped a stale key: one retry then goes without it. An unknown host never retries.
    retry: (failures, error) =>
      error instanceof ApiError &&
      (error.status === 403 || error.status === 0 || error.status >= 500) &&
      failures < 2,
    retryDelay: 300,
  });

export function useAppByDomain() {
  return useQuery(appByDomainQuery(currentDomain(useHostname())));
}

/**
 * Reads the tenant again (it is read once per page load): a store approved since the page loaded
 * is listed by the marketplace's own calls before the tenant knows it.
 */
export function useRefreshApp(): () => Promise<unknown> {
  const client = useQueryClient();
  const domain = currentDomain(useHostname());
  return useCallback(
    () => client.refetchQueries({ queryKey: tenancyKeys.appByDomain(domain) }),
    [client, domain],
  );
}
