/**
 * How much of a browser error report is kept (zod-free: the reporter on the first page reads it).
 * The browser cuts to these lengths before sending and the server cuts again before storing, so a
 * report from an old or hand-made client is stored the same way.
 */
export const CLIENT_ERROR_LIMITS = {
  message: 1000,
  stack: 8000,
  componentStack: 4000,
  pagePath: 500,
  buildId: 64,
  userAgent: 400,
  /** The whole JSON body, in bytes: larger ones are refused (413) before they are parsed. */
  bodyBytes: 32 * 1024,
} as const;

export const CLIENT_ERROR_KINDS = ['error', 'unhandledrejection', 'render'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];
