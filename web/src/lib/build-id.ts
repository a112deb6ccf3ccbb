declare const __BUILD_ID__: string | undefined;

/** Which build of the web app runs (set by web/vite.config.ts; 'dev' outside a build). */
export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';
