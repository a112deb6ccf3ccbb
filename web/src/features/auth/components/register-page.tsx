import { useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'react-toastify';
import { DEFAULT_DIAL_CODE, storageKeys } from '@store/contract/constants';
import { authMessages } from '@store/contract/auth/messages';
import {
  acceptanceFields,
  checkRegistration,
  registrationIdentity,
  returnPath,
  type RegisterBody,
} from '@store/contract/auth/schemas';
import { DEFAULT_DOCUMENT_TYPE } from '@store/contract/profile/user';
import { useTenant } from '../../../lib/tenant';
import { startSession } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import { tidyName } from '../../../lib/names';
import { withDialCode } from '../../../lib/phone';
import { composeBirthdate } from '../../../lib/birthdate';
import { documentTypeOptions } from '../../../lib/document-types';
import {
  CheckboxField,
  FormAlert,
  PasswordField,
  SelectField,
  TextField,
  SubmitButton,
} from '../../../components/form-fields';
import { PhoneField } from '../../../components/phone-field';
import { BirthdateField } from '../../../components/birthdate-field';
import { useRegister } from '../api/register';
import { afterSignInTarget, isDocumentOnlyRegistration } from '../lib/signin';
import { Recaptcha, type RecaptchaHandle } from './recaptcha';
import { AuthCard } from './auth-card';
import { SocialSignIn } from './social-sign-in';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { readInfluencerUid } from '../../../lib/influencer';
import type { RememberedDocument } from './login-page';
import { PersonNameFields } from '../../../components/person-name-fields';

const formShape = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  password: z.string(),
  document_type: z.string(),
  document_number: z.string(),
  dial_code: z.string(),
  mobile_number: z.string(),
  birth_day: z.string(),
  birth_month: z.string(),
  birth_year: z.string(),
  gender: z.string(),
  accept_terms: z.boolean(),
  accept_age: z.boolean(),
  accept_data_processing: z.boolean(),
  accept_publicity: z.boolean(),
});
type FormValues = z.infer<typeof formShape>;

/** The payload as sent: first word of the names, birthdate YYYY-MM-DD, mobile with its dial code; no names or password in document-only mode. */
export function toRegisterBody(v: FormValues, documentOnly: boolean): RegisterBody {
  const body: RegisterBody = {
    email: v.email.trim().toLowerCase(),
    document_type: v.document_number.trim() ? v.document_type || undefined : undefined,
    document_number: v.document_number.trim() || undefined,
    mobile_number: withDialCode(v.dial_code, v.mobile_number) || undefined,
    birthdate: composeBirthdate(v.birth_day, v.birth_month, v.birth_year) || undefined,
    gender: v.gender === 'f' || v.gender === 'm' ? v.gender : undefined,
    accept_terms: v.accept_terms,
    accept_age: v.accept_age,
    accept_data_processing: v.accept_data_processing,
    accept_publicity: v.accept_publicity,
  };
  if (!documentOnly) {
    body.first_name = tidyName(v.first_name);
    body.last_name = tidyName(v.last_name);
    body.password = v.password;
  }
  return body;
}

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'password',
  'document_type',
  'document_number',
  'mobile_number',
  'birthdate',
  'gender',
  ...acceptanceFields,
] as const;

/** /register: the contract's registration rules (the server runs the same), acceptances in order. */
export function RegisterPage() {
  const { t } = useTranslation();
  const app = useTenant();
  const location = useLocation();
  const state = location.state as { document?: RememberedDocument; from?: string } | null;
  const remembered = state?.document;
  // The page the visitor wanted (the checkout, a program, an invitation): registering returns there.
  const wanted = state?.from;
  const documentOnly = isDocumentOnlyRegistration(app);
  const rules = {
    documentOnly,
    validateDocument: app.validate_document,
    validateMobileNumber: app.validate_mobile_number,
    ...registrationIdentity(
      app.signin_methods.map((m) => m.type),
      documentOnly,
    ),
  };
  const schema = formShape.superRefine((values, ctx) => {
    const result = checkRegistration(toRegisterBody(values, documentOnly), rules);
    if ('errors' in result) {
      for (const [field, messages] of Object.entries(result.errors))
        ctx.addIssue({ code: 'custom', path: [field], message: messages[0] });
    }
  });
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      document_type: remembered?.document_type ?? DEFAULT_DOCUMENT_TYPE,
      document_number: remembered?.document_number ?? '',
      dial_code: DEFAULT_DIAL_CODE,
      mobile_number: '',
      birth_day: '',
      birth_month: '',
      birth_year: '',
      gender: '',
      accept_terms: false,
      accept_age: false,
      accept_data_processing: false,
      accept_publicity: false,
    },
  });
  const { general, setGeneral, showError, tm } = useFormFeedback(
    form.setError,
    FIELDS,
    authMessages.correctFields,
  );
  const register = useRegister();
  const siteKey = app.recaptcha_settings?.site_key;
  const captchaRef = useRef<RecaptchaHandle>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const correctFields = t('auth.correctFields');

  if (!app.allow_signup) return <Navigate to="/login" replace />;

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (siteKey && !captchaToken) {
        toast.info(tm(authMessages.captcha), { toastId: 'captcha' });
        setGeneral([tm(authMessages.captcha)]);
        return;
      }
      setGeneral([]);
      try {
        const response = await register.mutateAsync({
          ...toRegisterBody(values, documentOnly),
          captcha_token: captchaToken ?? undefined,
          // The influencer of /in/{uid}/ stays remembered: the member's first order carries it too.
          influencer_uid: readInfluencerUid(),
          // The page the sign-up started from (such as /crear-tienda): the mailed link returns
          // there once the address is confirmed, not to the store's home.
          return_to: returnPath(wanted),
        });
        startSession(
          response.token,
          response.merge,
          afterSignInTarget(response.user, wanted, Boolean(storage.get(storageKeys.skipUpdate))),
        );
        if (response.user.email)
          toast.info(t('auth.verificationMailSent', { email: response.user.email }), {
            toastId: 'verification-mail',
          });
      } catch (error) {
        captchaRef.current?.reset();
        const parsed = showError(error);
        if (Object.keys(parsed.fields).length)
          setGeneral((messages) => [correctFields, ...messages.filter((m) => m !== correctFields)]);
        else if (!parsed.general.length) {
          toast.error(t('auth.registerError'));
        }
      }
    },
    () => setGeneral([correctFields]),
  );

  const e = form.formState.errors;
  const err = (name: keyof typeof e | 'birthdate') => {
    const message = (e as Record<string, { message?: string } | undefined>)[name]?.message;
    return message ? tm(message) : undefined;
  };
  const acceptanceLabels: Record<(typeof acceptanceFields)[number], ReactNode> = {
    accept_terms: (
      <Trans
        i18nKey="auth.acceptTerms"
        components={[<Link key="terms" to="/terms-and-conditions" target="_blank" />]}
      />
    ),
    accept_age: t('auth.acceptAge'),
    accept_data_processing: (
      <Trans
        i18nKey="auth.acceptDataProcessing"
        components={[<Link key="privacy" to="/politics" target="_blank" />]}
      />
    ),
    accept_publicity: t('auth.acceptPublicity'),
  };

  return (
    <AuthCard title={t('auth.registerTitle')} text={t('auth.registerText')} wide>
      <form onSubmit={onSubmit} noValidate className="auth-form">
        {documentOnly ? null : (
          <PersonNameFields register={(name) => form.register(name)} errorOf={err} />
        )}
        <TextField
          label={`${t('auth.email')}${rules.emailRequired ? '' : ` ${t('auth.optional')}`}`}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={err('email')}
          {...form.register('email')}
        />
        {documentOnly ? null : (
          <PasswordField
            label={t('auth.password')}
            autoComplete="new-password"
            hint={t('auth.passwordHint')}
            error={err('password')}
            {...form.register('password')}
          />
        )}
        <div className="form-row">
          <SelectField
            label={t('auth.documentType')}
            options={documentTypeOptions(t)}
            error={err('document_type')}
            {...form.register('document_type')}
          />
          <TextField
            label={`${t('auth.documentNumber')}${documentOnly || app.validate_document || rules.signInIdentity === 'document' ? '' : ` ${t('auth.optional')}`}`}
            autoComplete="off"
            error={err('document_number')}
            {...form.register('document_number')}
          />
        </div>
        <PhoneField
          label={`${t('auth.mobileNumber')}${app.validate_mobile_number || rules.signInIdentity === 'mobile' ? '' : ` ${t('auth.optional')}`}`}
          dialCode={form.register('dial_code')}
          number={form.register('mobile_number')}
          error={err('mobile_number')}
        />
        <BirthdateField
          label={`${t('auth.birthdate')} ${t('auth.optional')}`}
          day={form.register('birth_day')}
          month={form.register('birth_month')}
          year={form.register('birth_year')}
          error={err('birthdate')}
        />
        <SelectField
          label={`${t('auth.gender')} ${t('auth.optional')}`}
          placeholder={t('auth.choose')}
          options={[
            { value: 'f', label: t('auth.genderF') },
            { value: 'm', label: t('auth.genderM') },
          ]}
          error={err('gender')}
          {...form.register('gender')}
        />
        <div className="form-checks">
          {acceptanceFields.map((name) => (
            <CheckboxField
              key={name}
              label={acceptanceLabels[name]}
              error={err(name)}
              {...form.register(name)}
            />
          ))}
        </div>
        {siteKey ? (
          <Recaptcha ref={captchaRef} siteKey={siteKey} onChange={setCaptchaToken} />
        ) : null}
        <FormAlert messages={general} />
        <SubmitButton busy={register.isPending} busyText={t('auth.sending')}>
          {t('auth.registerButton')}
        </SubmitButton>
      </form>
      <SocialSignIn app={app} wanted={wanted} />
      <p className="standalone__links">
        {t('auth.haveAccount')}{' '}
        <Link to="/login" state={wanted ? { from: wanted } : undefined}>
          {t('auth.loginTitle')}
        </Link>
      </p>
    </AuthCard>
  );
}
