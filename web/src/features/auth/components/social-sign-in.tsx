import { useTranslation } from 'react-i18next';
import type { App } from '@store/contract/tenancy/app';
import { appleClientId, facebookAppId, googleClientId } from '../lib/signin';
import { AppleSignIn } from './apple-sign-in';
import { FacebookSignIn } from './facebook-sign-in';
import { GoogleSignIn } from './google-sign-in';
import '../../../styles/google-sign-in.css';

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
      {google ? <GoogleSignIn clientId={google} wanted={wanted} /> : null}
      {facebook ? <FacebookSignIn appId={facebook} wanted={wanted} /> : null}
      {apple ? (
        <AppleSignIn
          clientId={apple}
          // Apple's popup only checks it against the Services ID's return URLs.
          redirectUri={
            typeof appleRedirect === 'string' && appleRedirect.startsWith('https://')
              ? appleRedirect
              : `${window.location.origin}/login`
          }
          wanted={wanted}
        />
      ) : null}
    </div>
  );
}
