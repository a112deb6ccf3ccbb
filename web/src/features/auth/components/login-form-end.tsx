import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, PasswordField, SubmitButton } from '../../../components/form-fields';

/**
 * What both /login forms with a password end with: the password, what the page adds (`children`,
 * the captcha), the form's messages and the button.
 */
export function LoginFormEnd({
  password,
  error,
  general,
  pending,
  children,
}: {
  password: Omit<ComponentProps<typeof PasswordField>, 'label'>;
  error: string | undefined;
  general: readonly string[];
  pending: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('auth.password')}
        autoComplete="current-password"
        error={error}
        {...password}
      />
      {children}
      <FormAlert messages={general} />
      <SubmitButton busy={pending} busyText={t('common.loading')}>
        {t('auth.loginButton')}
      </SubmitButton>
    </>
  );
}
