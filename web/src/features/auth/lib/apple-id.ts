import { loadExternalScript } from './external-script';

/** What Sign in with Apple JS answers (popup mode). */
export type AppleSignInResponse = {
  authorization?: { id_token?: string; code?: string };
  /** Only on the person's first sign-in with this app. */
  user?: { email?: string; name?: { firstName?: string; lastName?: string } };
};

/** Sign in with Apple JS: only the part the sign-in button uses. */
export type AppleId = {
  auth: {
    init: (options: {
      clientId: string;
      scope: string;
      redirectURI: string;
      usePopup: boolean;
      state?: string;
    }) => void;
    signIn: () => Promise<AppleSignInResponse>;
  };
};
declare global {
  interface Window {
    AppleID?: AppleId;
  }
}

export function appleScriptUrl(language: string): string {
  return `https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/${
    language === 'en' ? 'en_US' : 'es_ES'
  }/appleid.auth.js`;
}

/**
 * Loads Apple's script for the app's Services ID: only the login and register screens of an app
 * with an IOS method ask for it. Popup mode: the ID token comes back to this page, and Apple
 * only checks that `redirectURI` is one of the Services ID's return URLs.
 */
export async function loadAppleId(
  clientId: string,
  redirectURI: string,
  language: string,
): Promise<AppleId> {
  const apple = await loadExternalScript(appleScriptUrl(language), () => window.AppleID);
  apple.auth.init({ clientId, scope: 'name email', redirectURI, usePopup: true });
  return apple;
}
