import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { DEFAULT_DIAL_CODE } from '@store/contract/constants';
import { authMessages } from '@store/contract/auth/messages';
import { errorMessages } from '@store/contract/form-messages';
import { PhoneField } from '../../../components/phone-field';
import { withDialCode } from '../../../lib/phone';
import { LoginFormEnd } from './login-form-end';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import type { MobileOutput, MobileValues } from './login-rules';
import {
  lazyResolver,
  prefetchRules,
  submitting,
  type CaptchaGate,
  type Submit,
} from './login-form-kit';

/** /login's mobile tab: apart from login-page.tsx, as the phone field's country list is large. */
export function MobileForm({
  submit,
  captcha,
  pending,
  children,
}: {
  submit: Submit;
  captcha: CaptchaGate;
  pending: boolean;
  children: ReactNode;
}) {
  const form = useForm<MobileValues, unknown, MobileOutput>({
    resolver: lazyResolver((rules) => rules.mobileResolver),
    defaultValues: { dial_code: DEFAULT_DIAL_CODE, mobile_number: '', password: '' },
  });
  const { general, setGeneral, showError, tm } = useFormFeedback(
    form.setError,
    ['mobile_number', 'password'],
    authMessages.loginFailed,
  );
  const onSubmit = form.handleSubmit(async (values) => {
    const token = captcha();
    if (token === false) return setGeneral([tm(authMessages.captcha)]);
    setGeneral([]);
    await submit(
      {
        mobile_number: withDialCode(values.dial_code, values.mobile_number),
        password: values.password,
        captcha_token: token,
      },
      showError,
    );
  });
  const e = form.formState.errors;
  return (
    <form
      onSubmit={submitting(onSubmit, () => setGeneral([tm(errorMessages.generic)]))}
      onFocus={prefetchRules}
      noValidate
      className="auth-form"
    >
      <PhoneField
        dialCode={form.register('dial_code')}
        number={form.register('mobile_number')}
        error={e.mobile_number?.message && tm(e.mobile_number.message)}
      />
      <LoginFormEnd
        password={form.register('password')}
        error={e.password?.message && tm(e.password.message)}
        general={general}
        pending={pending}
      >
        {children}
      </LoginFormEnd>
    </form>
  );
}
