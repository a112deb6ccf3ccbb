import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StandaloneCard } from '../../../components/standalone-card';

// Placeholders of the accounts screens: routes and guards are live, the forms come with the
// accounts issue.

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <StandaloneCard title={t('auth.loginTitle')} text={t('auth.loginText')}>
      <p className="standalone__links">
        <Link to="/recovery-password">{t('auth.forgotPassword')}</Link>
      </p>
      <p className="standalone__links">
        {t('auth.noAccount')} <Link to="/register/">{t('auth.register')}</Link>
      </p>
    </StandaloneCard>
  );
}

export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <StandaloneCard title={t('auth.registerTitle')} text={t('auth.registerText')}>
      <p className="standalone__links">
        {t('auth.haveAccount')} <Link to="/login">{t('auth.loginTitle')}</Link>
      </p>
    </StandaloneCard>
  );
}

export function RecoveryPasswordPage() {
  const { t } = useTranslation();
  return (
    <StandaloneCard title={t('auth.recoveryTitle')} text={t('auth.recoveryText')}>
      <p className="standalone__links">
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </p>
    </StandaloneCard>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  return <StandaloneCard title={t('auth.resetTitle')} text={t('auth.resetText')} />;
}

export function VerificationEmailPage() {
  const { t } = useTranslation();
  return <StandaloneCard title={t('auth.verificationTitle')} text={t('auth.verificationText')} />;
}

export function DeleteAccountPage() {
  const { t } = useTranslation();
  return <StandaloneCard title={t('auth.deleteTitle')} text={t('auth.deleteText')} />;
}

export function CompleteInfoPage() {
  const { t } = useTranslation();
  return <StandaloneCard title={t('auth.completeInfoTitle')} text={t('auth.completeInfoText')} />;
}
