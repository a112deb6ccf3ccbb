import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'react-toastify';
import { ApiError } from '../../../api';
import { FormAlert, SubmitButton } from '../../../components/form-fields';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';
import { passwordPairSchema } from './password-pair';
import { useFormFeedback } from '../../../lib/use-form-feedback';

/** /reset-password/:uidUser/:token: the new password twice; success toast, fields cleared, go to /. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { uidUser = '', token = '' } = useParams();
  const form = useForm<z.input<typeof passwordPairSchema>>({
    resolver: zodResolver(passwordPairSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const { general, setGeneral, showError, tm } = useFormFeedback(
    form.setError,
    ['password', 'password_confirmation'],
    'error_send_info',
  );
  const reset = useResetPassword(uidUser, token);
  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      await reset.mutateAsync(values);
      toast.success(t('auth.resetDone'));
      form.reset();
      void navigate('/', { replace: true });
    } catch (error) {
      const parsed = showError(error);
      if (!(error instanceof ApiError && error.status === 400)) {
        // Expired link and other failures: the error_send_info toast.
        setGeneral(parsed.general.length ? parsed.general.map(tm) : [t('auth.errorSendInfo')]);
        toast.error(t('auth.errorSendInfo'), { toastId: 'reset-error' });
      }
    }
  });
  return (
    <AuthCard title={t('auth.resetTitle')} text={t('auth.resetText')}>
      <form onSubmit={onSubmit} noValidate className="auth-form">
        <NewPasswordFields register={form.register} errors={form.formState.errors} tm={tm} />
        <FormAlert messages={general} />
        <SubmitButton busy={reset.isPending} busyText={t('auth.sending')}>
          {t('auth.resetSubmit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
