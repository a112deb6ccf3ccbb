import { STORAGE_VERSION, storageKeys } from '@store/contract/constants';

/** Thin, exception-safe access to localStorage (private modes may throw). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage full or disabled: the app keeps working without persistence */
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* ignore */
    }
  },
  keys(): string[] {
    try {
      return Object.keys(window.localStorage);
    } catch {
      return [];
    }
  },
};

/**
 * Spec: when the stored version is absent or differs from 1.0.0, all local storage is cleared
 * and the version set. Runs before the first render.
 */
export function ensureStorageVersion(): void {
  if (storage.get(storageKeys.version) === STORAGE_VERSION) return;
  try {
    window.localStorage.clear();
  } catch {
    /* ignore */
  }
  storage.set(storageKeys.version, STORAGE_VERSION);
}
