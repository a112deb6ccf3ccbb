import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  marketplaceMessages,
  storeSignupInput,
  type StoreSignupInput,
} from '@store/contract/marketplace/stores';
import { ApiError } from '../../../api';
import { useMe } from '../../../api/get-me';
import { CheckboxField, FormAlert, SelectField, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { StandaloneCard } from '../../../components/standalone-card';
import { useIsLoggedIn } from '../../../lib/session';
import { useTenant } from '../../../lib/tenant';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { Recaptcha, type RecaptchaHandle } from '../../../components/recaptcha';
import { useCreateStore, useResendVerification, useSignupOptions } from '../api/store-signup';
import './create-store.css';

const FIELDS = ['name', 'category', 'area', 'address', 'accept_terms', 'captcha_token'] as const;

/**
 * /crear-tienda on a marketplace app (issue 18): a merchant with an account whose email is
 * confirmed names the store, picks its category and district; the new store waits for the
 * marketplace's review and its owner lands in /admin on the onboarding checklist.
 */
export function CreateStorePage() {
  const { t } = useTranslation();
  const app = useTenant();
  const loggedIn = useIsLoggedIn();
  const me = useMe({ enabled: loggedIn });
  if (!app.marketplace) return <Navigate to="/" replace />;
  const intro = t('marketplace.intro', { app: app.name });
  if (!loggedIn)
    return (
      <StandaloneCard title={t('marketplace.title')} text={intro}>
        <p>{t('marketplace.signedOut')}</p>
        <div className="create-store__actions">
          <Link className="button button--primary" to="/register" state={{ from: '/crear-tienda' }}>
            {t('marketplace.register')}
          </Link>
          <Link className="button button--ghost" to="/login" state={{ from: '/crear-tienda' }}>
            {t('marketplace.login')}
          </Link>
        </div>
      </StandaloneCard>
    );
  if (me.isPending) return <Loading fullScreen />;
  if (me.data && !me.data.email_verified)
    return <Unverified email={me.data.email ?? ''} onCheck={() => void me.refetch()} />;
  return (
    <StandaloneCard title={t('marketplace.title')} text={intro}>
      <StoreForm />
    </StandaloneCard>
  );
}

function Unverified({ email, onCheck }: { email: string; onCheck: () => void }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  const [general, setGeneral] = useState<string[]>([]);
  return (
    <StandaloneCard
      title={t('marketplace.unverifiedTitle')}
      text={t('marketplace.unverified', { email })}
    >
      <FormAlert messages={general} />
      <div className="create-store__actions">
        <button type="button" className="button button--primary" onClick={onCheck}>
          {t('marketplace.checkAgain')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: () => toast.success(t('marketplace.resent')),
              onError: (e) =>
                setGeneral([
                  e instanceof ApiError && e.detailMessage
                    ? e.detailMessage
                    : t('marketplace.error'),
                ]),
            })
          }
        >
          {t('marketplace.resend')}
        </button>
      </div>
    </StandaloneCard>
  );
}

function StoreForm() {
  const { t } = useTranslation();
  const app = useTenant();
  const navigate = useNavigate();
  const options = useSignupOptions(true);
  const create = useCreateStore();
  const captcha = useRef<RecaptchaHandle>(null);
  const siteKey = app.recaptcha_settings?.site_key;
  const form = useForm<StoreSignupInput>({
    resolver: zodResolver(storeSignupInput),
    defaultValues: { name: '', category: '', area: '', address: '', accept_terms: false as true },
  });
  const { general, setGeneral, showError } = useFormFeedback(
    form.setError,
    FIELDS,
    'marketplace.error',
  );
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      const store = await create.mutateAsync({
        ...values,
        category: values.category || undefined,
      });
      toast.success(t('marketplace.created', { name: store.name }));
      void navigate('/admin');
    } catch (error) {
      captcha.current?.reset();
      if (error instanceof ApiError && error.code === marketplaceMessages.alreadyStaff) {
        setGeneral([t('marketplace.alreadyStaff')]);
        return;
      }
      showError(error);
    }
  });
  if (options.isPending) return <Loading />;
  const categories = options.data?.categories ?? [];
  const areas = options.data?.areas ?? [];
  return (
    <form className="auth-form create-store" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label={t('marketplace.name')}
        autoComplete="organization"
        error={errors.name?.message}
        {...form.register('name')}
      />
      {categories.length ? (
        <SelectField
          label={t('marketplace.category')}
          error={errors.category?.message}
          options={[
            { value: '', label: t('marketplace.chooseCategory') },
            ...categories.map((c) => ({ value: c.uid, label: c.name })),
          ]}
          {...form.register('category')}
        />
      ) : null}
      <SelectField
        label={t('marketplace.area')}
        error={errors.area?.message}
        options={[
          { value: '', label: t('marketplace.chooseArea') },
          ...areas.map((a) => ({ value: a.uid, label: a.name })),
        ]}
        {...form.register('area')}
      />
      <TextField
        label={t('marketplace.address')}
        autoComplete="street-address"
        error={errors.address?.message}
        {...form.register('address')}
      />
      <CheckboxField
        label={t('marketplace.terms')}
        error={errors.accept_terms?.message}
        {...form.register('accept_terms')}
      />
      {siteKey ? (
        <Recaptcha
          ref={captcha}
          siteKey={siteKey}
          onChange={(token) => form.setValue('captcha_token', token ?? undefined)}
        />
      ) : null}
      <FormAlert messages={general} />
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        {create.isPending ? t('marketplace.creating') : t('marketplace.submit')}
      </button>
    </form>
  );
}
