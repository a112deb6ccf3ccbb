/**
 * A minimal browser window for the API client's tests: localStorage over a Map (returned, so a
 * test can read and set what the client stored) and the page's location.
 */
export function fakeBrowserWindow(location: { origin: string; hostname: string }) {
  const store = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, String(value)),
    removeItem: (key: string) => void store.delete(key),
    clear: () => store.clear(),
  };
  Object.assign(globalThis, { window: { localStorage, location } });
  return store;
}
