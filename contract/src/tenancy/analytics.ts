/** The eight Firebase web settings of an app (zod-free: the first page reads this file). */
export const FIREBASE_FIELDS = [
  'apiKey',
  'authDomain',
  'databaseURL',
  'projectId',
  'storageBucket',
  'messagingSenderId',
  'appId',
  'measurementId',
] as const;

type FirebaseLike = Partial<Record<(typeof FIREBASE_FIELDS)[number], string>> | null | undefined;

/** The spec: a Firebase-type configuration is used only when more than 5 of its 8 fields are set. */
export function firebaseConfigured(settings: FirebaseLike): boolean {
  if (!settings) return false;
  return FIREBASE_FIELDS.filter((field) => (settings[field] ?? '').trim() !== '').length > 5;
}

/** GA4 measurement ids look like G-XXXXXXXXXX; anything else never reaches a script URL. */
const MEASUREMENT_ID = /^G-[A-Z0-9]{4,20}$/;

/**
 * The Google Analytics (GA4) measurement id of an app, or null when the app has no analytics:
 * its `firebase_settings` are not configured (5 fields or fewer) or name no valid measurement id.
 * The server (page policy) and the web app (loading the tag) decide with this one function.
 */
export function analyticsMeasurementId(app: { firebase_settings: FirebaseLike }): string | null {
  const settings = app.firebase_settings;
  if (!firebaseConfigured(settings)) return null;
  const id = settings?.measurementId?.trim() ?? '';
  return MEASUREMENT_ID.test(id) ? id : null;
}
