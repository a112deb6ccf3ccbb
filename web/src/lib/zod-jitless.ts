/**
 * zod's `z.config({ jitless: true })`, without loading zod on the first page: zod keeps its
 * settings in `globalThis.__zod_globalConfig` and adopts an object already there. Without it,
 * zod probes `new Function('')` at its first parse, which the page's Content-Security-Policy
 * (no 'unsafe-eval') refuses and reports as a violation; jitless zod parses without eval.
 * Imported first by main.tsx, before any module that loads zod.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
