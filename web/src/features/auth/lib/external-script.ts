/** A script that neither loads nor fails (a network that swallows it) counts as failed after this. */
const LOAD_TIMEOUT_MS = 15_000;

const loading = new Map<string, Promise<unknown>>();

/**
 * Loads a provider's script once per URL, on demand, and resolves with what it defines (`ready`
 * reads it off `window`). A failure is forgotten so that a later visit tries again.
 */
export function loadExternalScript<T>(src: string, ready: () => T | undefined): Promise<T> {
  const already = ready();
  if (already) return Promise.resolve(already);
  let pending = loading.get(src) as Promise<T> | undefined;
  if (!pending) {
    pending = new Promise<T>((resolve, reject) => {
      const script = document.createElement('script');
      const fail = (reason: string) => {
        clearTimeout(timer);
        script.remove();
        loading.delete(src);
        reject(new Error(`${src}: ${reason}`));
      };
      const timer = setTimeout(() => fail('timed out'), LOAD_TIMEOUT_MS);
      script.src = src;
      script.async = true;
      script.onload = () => {
        const value = ready();
        if (!value) return fail('defines nothing');
        clearTimeout(timer);
        resolve(value);
      };
      script.onerror = () => fail('failed to load');
      document.head.appendChild(script);
    });
    loading.set(src, pending);
  }
  return pending;
}
