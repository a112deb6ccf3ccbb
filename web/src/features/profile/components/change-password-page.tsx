import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'react-toastify';
import { authMessages } from '@store/contract/auth/messages';
import { passwordsMatch } from '@store/contract/auth/password';
import { changePasswordBody } from '@store/contract/profile/schemas';
import { errorMessages } from '@store/contract/messages';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { FormAlert, PasswordField, SubmitButton } from '../../../components/form-fields';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { useChangePassword } from '../api/change-password';

const schema = changePasswordBody.refine(passwordsMatch, {
  message: authMessages.passwordsMustMatch,
  path: ['password_confirmation'],
});
type Values = z.input<typeof schema>;
const empty: Values = { old_password: '', password: '', password_confirmation: '' };

/** /change-password: current password, the new one twice (the contract's rule, must match). */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: empty });
  const { general, setGeneral, showError, tm } = useFormFeedback(
    form.setError,
    ['old_password', 'password', 'password_confirmation'],
    errorMessages.generic,
  );
  const change = useChangePassword();
  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      await change.mutateAsync(values);
      toast.success(t('auth.passwordChanged'));
      form.reset(empty);
    } catch (error) {
      showError(error);
    }
  });
  const e = form.formState.errors;
  return (
    <div className="account-page">
      <section className="panel">
        <h1 className="panel__heading">{t('auth.changePasswordTitle')}</h1>
        <form onSubmit={onSubmit} noValidate className="auth-form">
          <PasswordField
            label={t('auth.currentPassword')}
            autoComplete="current-password"
            error={e.old_password?.message && tm(e.old_password.message)}
            {...form.register('old_password')}
          />
          <NewPasswordFields register={form.register} errors={e} tm={tm} />
          <FormAlert messages={general} />
          <SubmitButton busy={change.isPending} busyText={t('auth.sending')}>
            {t('auth.changePasswordSubmit')}
          </SubmitButton>
        </form>
      </section>
    </div>
  );
}
