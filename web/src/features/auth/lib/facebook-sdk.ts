import { loadExternalScript } from './external-script';

/** Facebook's JavaScript SDK: only the part the sign-in button uses. */
export type FacebookSdk = {
  init: (options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }) => void;
  login: (
    callback: (response: {
      status?: string;
      authResponse?: { accessToken?: string } | null;
    }) => void,
    options?: { scope?: string },
  ) => void;
};
declare global {
  interface Window {
    FB?: FacebookSdk;
  }
}

export const FACEBOOK_GRAPH_VERSION = 'v21.0';

/** The SDK in the page's language (Facebook serves one file per locale). */
export function facebookSdkUrl(language: string): string {
  return `https://connect.facebook.net/${language === 'en' ? 'en_US' : 'es_LA'}/sdk.js`;
}

/**
 * Loads Facebook's SDK for the app's Facebook app id: only the login and register screens of an
 * app with a FACEBOOK method ask for it. No cookie and no XFBML: the SDK only opens the dialog.
 */
export async function loadFacebookSdk(appId: string, language: string): Promise<FacebookSdk> {
  const sdk = await loadExternalScript(facebookSdkUrl(language), () => window.FB);
  sdk.init({ appId, version: FACEBOOK_GRAPH_VERSION, cookie: false, xfbml: false });
  return sdk;
}
