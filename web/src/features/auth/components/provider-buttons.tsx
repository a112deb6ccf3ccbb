import { AppleSignIn } from './apple-sign-in';
import { FacebookSignIn } from './facebook-sign-in';
import { GoogleSignIn } from './google-sign-in';

/** The buttons of social-sign-in.tsx, in their own chunk: /login draws its form without them. */
export function ProviderButtons({
  google,
  facebook,
  apple,
  appleRedirect,
  wanted,
}: {
  google: string | null;
  facebook: string | null;
  apple: string | null;
  appleRedirect?: unknown;
  wanted?: string;
}) {
  return (
    <>
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
    </>
  );
}
