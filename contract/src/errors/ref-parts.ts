/**
 * The parts of a message ref (`orders.out_of_stock?product=Latte`) read by its shape alone,
 * without the error catalogue: the web app's first page reads refs with this, and loads the
 * catalogue's texts later (web/src/i18n/index.ts), so new error codes never weigh on it.
 */

/** The reserved key of a 400 body that carries the codes of its field messages. */
export const FIELD_CODES = 'codes';

/** What a code looks like: `area.snake_name` (one dot, lowercase). */
const CODE_SHAPE = /^[a-z][a-z0-9_-]*\.[a-z0-9_]+$/;

/**
 * The code and parameters of a string shaped like a ref, or undefined. Whether the code is in
 * the catalogue is not checked here (`parseMessageRef` in refs.ts does).
 */
export function splitMessageRef(
  ref: string,
): { code: string; params?: Record<string, string> } | undefined {
  const at = ref.indexOf('?');
  const code = at < 0 ? ref : ref.slice(0, at);
  if (!CODE_SHAPE.test(code)) return undefined;
  if (at < 0) return { code };
  return { code, params: Object.fromEntries(new URLSearchParams(ref.slice(at + 1))) };
}
