import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'react-toastify';
import { recoveryBody } from '@store/contract/auth/schemas';
import { errorMessages } from '@store/contract/messages';
import { FormAlert, TextField } from '../../../components/form-fields';
import { useRecoverPassword } from '../api/recover-password';
import { AuthCard } from './auth-card';
import { useFormFeedback } from '../../../lib/use-form-feedback';

/** /recovery-password: mails a reset link; a second submit while one is on its way is ignored. */
export function RecoveryPasswordPage() {
  const { t } = useTranslation();
  const form = useForm<z.input<typeof recoveryBody>, unknown, z.output<typeof recoveryBody>>({
    resolver: zodResolver(recoveryBody),
    defaultValues: { email: '' },
  });
  const { general, setGeneral, showError, tm } = useFormFeedback(
    form.setError,
    ['email'],
    errorMessages.generic,
  );
  const recover = useRecoverPassword();
  const onSubmit = form.handleSubmit(async (values) => {
    if (recover.isPending) return;
    setGeneral([]);
    try {
      await recover.mutateAsync(values);
      toast.success(t('auth.recoverySent'));
      form.reset();
    } catch (error) {
      showError(error);
    }
  });
  const message = form.formState.errors.email?.message;
  return (
    <AuthCard title={t('auth.recoveryTitle')} text={t('auth.recoveryText')}>
      <form onSubmit={onSubmit} noValidate className="auth-form">
        <TextField
          label={t('auth.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={message && tm(message)}
          {...form.register('email')}
        />
        <FormAlert messages={general} />
        <button
          type="submit"
          className="button button--primary button--block"
          aria-disabled={recover.isPending}
        >
          {recover.isPending ? t('auth.sending') : t('auth.recoverySubmit')}
        </button>
      </form>
      <p className="standalone__links">
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
