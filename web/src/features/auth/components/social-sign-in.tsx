import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { App } from '@store/contract/tenancy/app';
import { appleClientId, facebookAppId, googleClientId } from '../lib/signin';
import '../../../styles/google-sign-in.css';

// The providers' buttons (and their SDK loaders) load when an app that has providers shows them,
// after the page's first render: /login is a first page (bench/bundle-budget.ts).
const ProviderButtons = lazy(() =>
  import('./provider-buttons').then((m) => ({ default: m.ProviderButtons })),
);

/**
 * The providers' buttons under the login and register forms, for the methods the app names
 * (GOOGLE, FACEBOOK, IOS) with their ids; each provider's script loads only when its button is
 * shown. Nothing at all for an app without any.
 */
export function SocialSignIn({
  app,
  wanted,
}: {
  app: Pick<App, 'signin_methods'>;
  wanted?: string;
}) {
  const { t } = useTranslation();
  const google = googleClientId(app);
  const facebook = facebookAppId(app);
  const apple = appleClientId(app);
  if (!google && !facebook && !apple) return null;
  const appleRedirect = app.signin_methods.find((m) => m.type === 'IOS')?.settings.redirect_uri;
  return (
    <div className="google-signin">
      <p className="google-signin__divider">
        <span>{t('auth.or')}</span>
      </p>
      <Suspense fallback={null}>
        <ProviderButtons
          google={google}
          facebook={facebook}
          apple={apple}
          appleRedirect={appleRedirect}
          wanted={wanted}
        />
      </Suspense>
    </div>
  );
}
