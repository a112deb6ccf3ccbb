import { useTranslation } from 'react-i18next';

/**
 * A member who has just registered on the way to the checkout lands back here: the checkout
 * says where the verification mail went (it was sent at registration), as long as the address
 * is not verified.
 */
export function VerificationNote({ email, verified }: { email: string | null; verified: boolean }) {
  const { t } = useTranslation();
  if (verified || !email) return null;
  return (
    <p className="form-alert form-alert--info" role="status" data-testid="verification-note">
      {t('auth.verificationMailSent', { email })}
    </p>
  );
}
