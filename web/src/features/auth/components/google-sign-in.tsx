import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authMessages } from '@store/contract/auth/messages';
import { readInfluencerUid } from '../../../lib/influencer';
import { useErrorText } from '../../../lib/error-text';
import { FormAlert } from '../../../components/form-fields';
import { useGoogleLogin } from '../api/google-login';
import { loadGoogleIdentity } from '../lib/google-identity';
import { useProviderSignIn } from './use-provider-sign-in';

/**
 * Google's "Continuar con Google" button for an app with a GOOGLE method. Google's credential is
 * signed in with like the email login (useProviderSignIn). When
 * Google's script cannot load, the area says so and the rest of the screen keeps working.
 */
export function GoogleSignIn({ clientId, wanted }: { clientId: string; wanted?: string }) {
  const { t, i18n } = useTranslation();
  const tm = useErrorText();
  const box = useRef<HTMLDivElement>(null);
  const [script, setScript] = useState<'loading' | 'ready' | 'failed'>('loading');
  const login = useGoogleLogin();
  const { signIn: finish, errors, setErrors } = useProviderSignIn(wanted);

  const signIn = async (credential: string | undefined) => {
    if (!credential) return setErrors([tm(authMessages.invalidGoogleToken)]);
    await finish(() =>
      login.mutateAsync({
        id_token: credential,
        // As the registration does: kept by the server when this sign-in creates the member.
        influencer_uid: readInfluencerUid(),
      }),
    );
  };
  // Google keeps the callback given at initialize; it must reach the latest render's handler.
  const signInRef = useRef(signIn);
  useEffect(() => {
    signInRef.current = signIn;
  });

  const locale = i18n.language;
  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        const parent = box.current;
        if (cancelled || !parent) return;
        google.initialize({
          client_id: clientId,
          callback: (response) => void signInRef.current(response.credential),
          ux_mode: 'popup',
          auto_select: false,
        });
        parent.replaceChildren();
        google.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'rectangular',
          logo_alignment: 'left',
          // Google's button takes 200-400 px; it fills the form's width within that.
          width: Math.round(Math.min(400, Math.max(200, parent.clientWidth))),
          locale,
        });
        setScript('ready');
      })
      .catch(() => {
        if (!cancelled) setScript('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, locale]);

  return (
    <div className="social-signin__provider">
      <div
        ref={box}
        className="google-signin__button"
        hidden={script === 'failed'}
        aria-busy={script === 'loading' || login.isPending}
      />
      {script === 'failed' ? (
        <p className="google-signin__unavailable" role="status">
          {t('auth.googleUnavailable')}
        </p>
      ) : null}
      {login.isPending ? (
        <p className="google-signin__status" role="status">
          {t('auth.googleSigningIn')}
        </p>
      ) : null}
      <FormAlert messages={errors} />
    </div>
  );
}
