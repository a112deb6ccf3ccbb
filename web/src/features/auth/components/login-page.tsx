import { Suspense, lazy, useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canOpenBackOffice } from '../../../api/can-open-back-office';
import { DEFAULT_DOCUMENT_TYPE, storageKeys } from '@store/contract/constants';
import type { authErrors } from '@store/contract/errors/auth';
import type { commonErrors } from '@store/contract/errors/common';
import { useTenant } from '../../../lib/tenant';
import { startSession } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import { toastInfo } from '../../../lib/toast';
import { FormAlert, PasswordField, SelectField, TextField } from '../../../components/form-fields';
import { useLogin } from '../api/login';
import { useValidateDocument } from '../api/validate-document';
import {
  afterSignInTarget,
  hasProviderSignIn,
  isDocumentOnly,
  loginTabs,
  type LoginTab,
} from '../lib/signin';
import { documentTypeOptions } from '../../../lib/document-types';
import { Recaptcha, type RecaptchaHandle } from './recaptcha';
import { AuthCard } from './auth-card';
import { SocialSignIn } from './social-sign-in';
import { LoginFormEnd } from './login-form-end';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { useLightForm } from '../../../lib/light-form';
import { serverFormErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';
import type { DocumentOutput, DocumentValues, EmailOutput, EmailValues } from './login-rules';
import {
  lazyResolver,
  prefetchRules,
  submitting,
  type CaptchaGate,
  type Submit,
} from './login-form-kit';

/**
 * The message codes this page shows, checked against the catalogue: named here rather than through
 * `authMessages`, whose module carries every accounts text into /login, a first page
 * (bench/bundle-budget.ts); the texts load right after the first render (i18n/index.ts).
 */
const authMessages = {
  captcha: 'auth.captcha',
  loginFailed: 'auth.login_failed',
  invalidCredentials: 'auth.invalid_credentials',
} as const satisfies Record<string, keyof typeof authErrors>;
const errorMessages = {
  generic: 'common.generic',
} as const satisfies Record<string, keyof typeof commonErrors>;

/** What a document-only visitor who can register brings to /register. */
export type RememberedDocument = { document_type: string; document_number: string };

// The phone field carries every country's name and dial code: its form loads with its tab.
const MobileForm = lazy(() =>
  import('./login-mobile-form').then((m) => ({ default: m.MobileForm })),
);

function EmailForm({
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
  const { t } = useTranslation();
  const form = useLightForm<EmailValues, EmailOutput>({
    resolver: lazyResolver((rules) => rules.emailResolver),
    defaultValues: { email: '', password: '' },
  });
  const { general, setGeneral, showError, tm } = useFormFeedback(
    form.setError,
    ['email', 'password'],
    authMessages.loginFailed,
  );
  const onSubmit = form.handleSubmit(async (values) => {
    const token = captcha();
    if (token === false) return setGeneral([tm(authMessages.captcha)]);
    setGeneral([]);
    await submit(
      { email: values.email, password: values.password, captcha_token: token },
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
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={e.email?.message && tm(e.email.message)}
        {...form.register('email')}
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

function DocumentForm({
  submit,
  captcha,
  pending,
  documentOnly,
  onCanRegister,
  children,
}: {
  submit: Submit;
  captcha: CaptchaGate;
  pending: boolean;
  documentOnly: boolean;
  onCanRegister: (doc: RememberedDocument) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // A staff account, or one whose member switched document-only sign-in off, is never signed in
  // by its document alone, and the server says no more than it would of an unknown document: a
  // registered document refused so gets the password field (staff have no other way in here).
  const [askPassword, setAskPassword] = useState(false);
  const withPassword = !documentOnly || askPassword;
  const form = useLightForm<DocumentValues, DocumentOutput>({
    resolver: lazyResolver((rules) => rules.documentResolver(withPassword)),
    defaultValues: { document_type: DEFAULT_DOCUMENT_TYPE, document_number: '', password: '' },
  });
  const { general, setGeneral, showError, tm } = useFormFeedback(
    form.setError,
    ['document_type', 'document_number', 'password'],
    authMessages.loginFailed,
  );
  const validate = useValidateDocument();
  const onSubmit = form.handleSubmit(async (values) => {
    const token = captcha();
    if (token === false) return setGeneral([tm(authMessages.captcha)]);
    setGeneral([]);
    const doc = { document_type: values.document_type, document_number: values.document_number };
    if (withPassword)
      return submit({ ...doc, password: values.password, captcha_token: token }, showError);
    // Document-only: validate first; registered -> log in with the document; may register -> /register.
    let answer;
    try {
      answer = await validate.mutateAsync(doc);
    } catch (error) {
      showError(error);
      return;
    }
    if (answer.registered)
      return submit({ ...doc, captcha_token: token }, (error) => {
        if (serverFormErrors(error, []).general.includes(authMessages.invalidCredentials))
          setAskPassword(true);
        showError(error);
      });
    if (answer.can_register) return onCanRegister(doc);
    setGeneral([tm(authMessages.loginFailed)]);
  });
  const e = form.formState.errors;
  const options = documentTypeOptions(t);
  return (
    <form
      onSubmit={submitting(onSubmit, () => setGeneral([tm(errorMessages.generic)]))}
      onFocus={prefetchRules}
      noValidate
      className="auth-form"
    >
      <SelectField
        label={t('auth.documentType')}
        options={options}
        placeholder={t('auth.choose')}
        error={e.document_type?.message && tm(e.document_type.message)}
        {...form.register('document_type')}
      />
      <TextField
        label={t('auth.documentNumber')}
        autoComplete="off"
        autoCapitalize="characters"
        error={e.document_number?.message && tm(e.document_number.message)}
        {...form.register('document_number')}
      />
      {withPassword ? (
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          error={e.password?.message && tm(e.password.message)}
          {...form.register('password')}
        />
      ) : null}
      {children}
      <FormAlert messages={general} />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={pending || validate.isPending}
      >
        {pending || validate.isPending
          ? t('common.loading')
          : !withPassword
            ? t('auth.continueButton')
            : t('auth.loginButton')}
      </button>
    </form>
  );
}

/** /login: tabs of the app's sign-in methods, captcha when configured, links to recovery and registration. */
export function LoginPage() {
  const { t } = useTranslation();
  const tm = useErrorText();
  const app = useTenant();
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = loginTabs(app);
  const providers = hasProviderSignIn(app);
  const [tab, setTab] = useState<LoginTab>(tabs[0] ?? 'email');
  const wanted = (location.state as { from?: string } | null)?.from;
  const login = useLogin();
  const baseId = useId();
  const siteKey = app.recaptcha_settings?.site_key;
  const captchaRef = useRef<RecaptchaHandle>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);

  const captcha: CaptchaGate = useCallback(() => {
    if (!siteKey) return undefined;
    if (!captchaToken) {
      toastInfo(tm(authMessages.captcha), 'captcha');
      return false;
    }
    return captchaToken;
  }, [siteKey, captchaToken, t]);

  const submit: Submit = async (body, onError) => {
    try {
      const response = await login.mutateAsync(body);
      // The staff sign-in of the store's owner or manager opens the back office.
      const backOffice = wanted === '/staff' && (await canOpenBackOffice(response.token));
      startSession(
        response.token,
        response.merge,
        backOffice
          ? '/admin'
          : afterSignInTarget(response.user, wanted, Boolean(storage.get(storageKeys.skipUpdate))),
      );
    } catch (error) {
      captchaRef.current?.reset();
      onError(error);
    }
  };

  const captchaBox = siteKey ? (
    <Recaptcha ref={captchaRef} siteKey={siteKey} onChange={setCaptchaToken} />
  ) : null;
  const label: Record<LoginTab, string> = {
    email: t('auth.tabEmail'),
    mobile: t('auth.tabMobile'),
    document: t('auth.tabDocument'),
  };
  const onCanRegister = (doc: RememberedDocument) =>
    void navigate('/register', { state: { document: doc, from: wanted } });

  return (
    <AuthCard title={t('auth.loginTitle')} text={t('auth.loginText')}>
      {tabs.length > 1 ? (
        <div className="tabs" role="tablist" aria-label={t('auth.methodsLabel')}>
          {tabs.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`${baseId}-tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`${baseId}-panel`}
              className={tab === name ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
              onClick={() => setTab(name)}
            >
              {label[name]}
            </button>
          ))}
        </div>
      ) : null}
      {/* An app whose only ways in are providers (Google, Facebook, Apple) shows no form; one with
          no methods keeps the email form. */}
      {tabs.length || !providers ? (
        <div
          id={`${baseId}-panel`}
          role={tabs.length > 1 ? 'tabpanel' : undefined}
          aria-labelledby={tabs.length > 1 ? `${baseId}-tab-${tab}` : undefined}
        >
          {tab === 'email' ? (
            <EmailForm key="email" submit={submit} captcha={captcha} pending={login.isPending}>
              {captchaBox}
            </EmailForm>
          ) : tab === 'mobile' ? (
            <Suspense fallback={<p className="auth-form">{t('common.loading')}</p>}>
              <MobileForm key="mobile" submit={submit} captcha={captcha} pending={login.isPending}>
                {captchaBox}
              </MobileForm>
            </Suspense>
          ) : (
            <DocumentForm
              key="document"
              submit={submit}
              captcha={captcha}
              pending={login.isPending}
              documentOnly={isDocumentOnly(app)}
              onCanRegister={onCanRegister}
            >
              {captchaBox}
            </DocumentForm>
          )}
        </div>
      ) : null}
      <SocialSignIn app={app} wanted={wanted} />
      <p className="standalone__links">
        <Link to="/recovery-password">{t('auth.forgotPassword')}</Link>
      </p>
      {app.allow_signup ? (
        <p className="standalone__links">
          {t('auth.noAccount')}{' '}
          {/* Registering instead of signing in still returns to the page that was wanted. */}
          <Link to="/register/" state={wanted ? { from: wanted } : undefined}>
            {t('auth.register')}
          </Link>
        </p>
      ) : null}
    </AuthCard>
  );
}
