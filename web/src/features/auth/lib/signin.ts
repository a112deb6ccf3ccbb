import type { App } from '@store/contract/tenancy/app';

export type LoginTab = 'email' | 'mobile' | 'document';

/** The login tabs the app's sign-in methods allow, in the spec's order. */
export function loginTabs(app: Pick<App, 'signin_methods'>): LoginTab[] {
  const has = (type: string) => app.signin_methods.some((m) => m.type === type);
  const tabs: LoginTab[] = [];
  if (has('EMAIL')) tabs.push('email');
  if (has('MOBILE_NUMBER')) tabs.push('mobile');
  if (has('ONLY_DOCUMENT') || has('DOCUMENT')) tabs.push('document');
  return tabs;
}

/** Document-only login (no password): validate the document first, then log in or register. */
export function isDocumentOnly(app: Pick<App, 'signin_methods'>): boolean {
  return app.signin_methods.some((m) => m.type === 'ONLY_DOCUMENT');
}

/**
 * The registration form is in document-only mode (email and document; no names, no password)
 * when document-only is the app's only way in.
 */
export function isDocumentOnlyRegistration(app: Pick<App, 'signin_methods'>): boolean {
  return (
    isDocumentOnly(app) &&
    !app.signin_methods.some((m) => ['EMAIL', 'MOBILE_NUMBER', 'DOCUMENT'].includes(m.type))
  );
}

/**
 * The client id of the app's GOOGLE sign-in method; the Google button (and Google's script) is
 * there only when the app has one.
 */
export function googleClientId(app: Pick<App, 'signin_methods'>): string | null {
  const id = app.signin_methods.find((m) => m.type === 'GOOGLE')?.settings.client_id;
  return typeof id === 'string' && id.trim() ? id.trim() : null;
}

function setting(app: Pick<App, 'signin_methods'>, type: string, key: string): string | null {
  const value = app.signin_methods.find((m) => m.type === type)?.settings[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** The Facebook app id of the app's FACEBOOK method: the Facebook button is there only with one. */
export function facebookAppId(app: Pick<App, 'signin_methods'>): string | null {
  return setting(app, 'FACEBOOK', 'app_id');
}

/** The Services ID of the app's IOS method (Sign in with Apple): the Apple button needs one. */
export function appleClientId(app: Pick<App, 'signin_methods'>): string | null {
  return setting(app, 'IOS', 'client_id');
}

/** Whether the app shows any provider's button (Google, Facebook, Apple). */
export function hasProviderSignIn(app: Pick<App, 'signin_methods'>): boolean {
  return Boolean(googleClientId(app) || facebookAppId(app) || appleClientId(app));
}

/**
 * Where a sign-in goes: the page the visitor wanted (a path of ours, never /login), else
 * /complete-info for an incomplete profile unless the member skipped it, else /. A limited
 * session (document number alone) cannot change the profile, so it is never sent to complete it.
 */
export function afterSignInTarget(
  user: Parameters<typeof isProfileComplete>[0] & {
    limited_session?: boolean;
    complete_info_skipped?: boolean;
  },
  wanted: string | undefined,
  skipUpdate: boolean,
): string {
  const target = wantedPath(wanted);
  if (target) return target;
  // The skip is the account's (complete_info_skipped), so it holds after a logout too.
  const skipped = skipUpdate || Boolean(user.complete_info_skipped);
  if (!isProfileComplete(user) && !skipped && !user.limited_session) return '/complete-info';
  return '/';
}

/**
 * A wanted page to return to: a path of ours (never another site's, `//host`), and never a
 * page that would send the member round again (/login, /register, /complete-info).
 */
export function wantedPath(wanted: string | undefined | null): string | null {
  if (!wanted || !wanted.startsWith('/') || wanted.startsWith('//')) return null;
  if (/^\/(login|register|complete-info)\/?(\?|$)/.test(wanted)) return null;
  return wanted;
}

/** Spec: complete only if first_name, last_name, birthdate, document_number and gender are all non-empty. */
export function isProfileComplete(u: {
  first_name?: string | null;
  last_name?: string | null;
  birthdate?: string | null;
  document_number?: string | null;
  gender?: string | null;
}): boolean {
  return Boolean(u.first_name && u.last_name && u.birthdate && u.document_number && u.gender);
}
