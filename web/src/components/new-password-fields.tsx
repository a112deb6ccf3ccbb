import { useTranslation } from 'react-i18next';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from './form-fields';

type PairName = 'password' | 'password_confirmation';

/**
 * The new password and its confirmation, as a reset link and the change of a password ask for
 * them: the rule's hint under the first, each field's message translated by `tm`.
 */
export function NewPasswordFields({
  register,
  errors,
  tm,
}: {
  register: (name: PairName) => UseFormRegisterReturn<PairName>;
  errors: Partial<Record<PairName, FieldError>>;
  tm: (message: string) => string;
}) {
  const { t } = useTranslation();
  const message = (name: PairName) => {
    const text = errors[name]?.message;
    return text && tm(text);
  };
  return (
    <>
      <PasswordField
        label={t('auth.newPassword')}
        autoComplete="new-password"
        hint={t('auth.passwordHint')}
        error={message('password')}
        {...register('password')}
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
        error={message('password_confirmation')}
        {...register('password_confirmation')}
      />
    </>
  );
}
