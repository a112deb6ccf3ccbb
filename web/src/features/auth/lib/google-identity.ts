/** Google Identity Services: only the part the sign-in button uses. */
export type GoogleIdentity = {
  initialize: (options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: 'popup' | 'redirect';
    auto_select?: boolean;
    context?: 'signin' | 'signup' | 'use';
  }) => void;
  renderButton: (
    parent: HTMLElement,
    options: {
      type?: 'standard' | 'icon';
      theme?: 'outline' | 'filled_blue' | 'filled_black';
      size?: 'large' | 'medium' | 'small';
      text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
      shape?: 'rectangular' | 'pill';
      logo_alignment?: 'left' | 'center';
      width?: number;
      locale?: string;
    },
  ) => void;
};
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
  }
}

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';
/** A script that neither loads nor fails (a network that swallows it) counts as failed after this. */
const LOAD_TIMEOUT_MS = 15_000;

let loading: Promise<GoogleIdentity> | null = null;

/**
 * Loads Google's sign-in script once, on demand: only the login and register screens of an app
 * with a GOOGLE method ask for it. A failure is forgotten so that a later visit tries again.
 */
export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (reason: string) => {
      clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail('Google sign-in script timed out'), LOAD_TIMEOUT_MS);
    script.src = GOOGLE_IDENTITY_SCRIPT;
    script.async = true;
    script.onload = () => {
      const id = window.google?.accounts?.id;
      if (!id) return fail('Google sign-in script has no google.accounts.id');
      clearTimeout(timer);
      resolve(id);
    };
    script.onerror = () => fail('Google sign-in script failed to load');
    document.head.appendChild(script);
  });
  return loading;
}
