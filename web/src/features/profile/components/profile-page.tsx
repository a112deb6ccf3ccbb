import { startTransition, useOptimistic } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'react-toastify';
import { countries } from '@store/contract/countries';
import { errorMessages, formMessages } from '@store/contract/messages';
import {
  birthdateError,
  documentNumberError,
  normaliseDocumentNumber,
  type DocumentType,
  type User,
} from '@store/contract/profile/user';
import type { ProfileUpdateBody } from '@store/contract/profile/schemas';
import { useMe } from '../../../api/get-me';
import { useUpdateMe } from '../../../api/update-me';
import { tidyName } from '../../../lib/names';
import { ApiError } from '../../../api';
import { splitDialCode, withDialCode } from '../../../lib/phone';
import { composeBirthdate, splitBirthdate } from '../../../lib/birthdate';
import { documentTypeOptions } from '../../../lib/document-types';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { Loading } from '../../../components/loading';
import {
  CheckboxField,
  FormAlert,
  SelectField,
  TextField,
  SubmitButton,
} from '../../../components/form-fields';
import { requestStepUp } from '../../../api/client';
import { useTenant } from '../../../lib/tenant';
import { PhoneField } from '../../../components/phone-field';
import { BirthdateField } from '../../../components/birthdate-field';
import { useLogoutEverywhere } from '../api/logout-everywhere';
import { useRequestDeletion } from '../api/request-deletion';
import { PersonNameFields } from '../../../components/person-name-fields';

const schema = z
  .object({
    first_name: z.string().trim().min(1, formMessages.required),
    last_name: z.string().trim().min(1, formMessages.required),
    document_type: z.string(),
    document_number: z.string(),
    birth_day: z.string(),
    birth_month: z.string(),
    birth_year: z.string(),
    gender: z.string(),
    dial_code: z.string(),
    mobile_number: z.string(),
  })
  .superRefine((v, ctx) => {
    const number = normaliseDocumentNumber(v.document_number);
    if (number) {
      const message = v.document_type
        ? documentNumberError(v.document_type as DocumentType, number)
        : formMessages.required;
      if (message)
        ctx.addIssue({
          code: 'custom',
          path: [v.document_type ? 'document_number' : 'document_type'],
          message,
        });
    }
    const date = composeBirthdate(v.birth_day, v.birth_month, v.birth_year);
    const dateMessage = date ? birthdateError(date, formMessages.date) : undefined;
    if (dateMessage) ctx.addIssue({ code: 'custom', path: ['birthdate'], message: dateMessage });
    if (v.mobile_number.trim() && !/^\d+$/.test(v.mobile_number.replace(/[\s-]/g, ''))) {
      ctx.addIssue({ code: 'custom', path: ['mobile_number'], message: formMessages.numeric });
    }
  });
type Values = z.infer<typeof schema>;

function valuesOf(user: User): Values {
  const birth = splitBirthdate(user.birthdate);
  const phone = splitDialCode(user.mobile_number, countries);
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    document_type: user.document_type ?? 'NATIONAL_ID',
    document_number: user.document_number ?? '',
    birth_day: birth.day,
    birth_month: birth.month,
    birth_year: birth.year,
    gender: user.gender ?? '',
    dial_code: phone.dialCode,
    mobile_number: phone.number,
  };
}

/** The PATCH body: only what changed, names by their first word, empty optional fields cleared. */
export function profileChanges(user: User, v: Values): ProfileUpdateBody {
  const body: ProfileUpdateBody = {};
  const first = tidyName(v.first_name);
  const last = tidyName(v.last_name);
  if (first !== user.first_name) body.first_name = first;
  if (last !== user.last_name) body.last_name = last;
  const number = normaliseDocumentNumber(v.document_number);
  if (
    number !== (user.document_number ?? '') ||
    (number && v.document_type !== user.document_type)
  ) {
    body.document_type = number ? (v.document_type as DocumentType) : null;
    body.document_number = number || null;
  }
  const birthdate = composeBirthdate(v.birth_day, v.birth_month, v.birth_year) || null;
  if (birthdate !== user.birthdate) body.birthdate = birthdate;
  const gender = v.gender === 'f' || v.gender === 'm' ? v.gender : null;
  if (gender !== user.gender) body.gender = gender;
  const mobile = withDialCode(v.dial_code, v.mobile_number) || null;
  if (mobile !== user.mobile_number) body.mobile_number = mobile;
  return body;
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: valuesOf(user) });
  const { general, setGeneral, showError, tm } = useFormFeedback(
    form.setError,
    [
      'first_name',
      'last_name',
      'document_type',
      'document_number',
      'birthdate',
      'gender',
      'mobile_number',
    ],
    t('auth.updateFailed'),
  );
  const update = useUpdateMe();
  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      const updated = await update.mutateAsync(profileChanges(user, values));
      form.reset(valuesOf(updated));
      toast.success(t('auth.saved'));
    } catch (error) {
      showError(error);
    }
  });
  const e = form.formState.errors as Record<string, { message?: string } | undefined>;
  const err = (name: string) => (e[name]?.message ? tm(e[name]!.message!) : undefined);
  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <fieldset className="form-fieldset">
        <PersonNameFields register={(name) => form.register(name)} errorOf={err} />
        <TextField
          label={t('auth.email')}
          value={user.email ?? ''}
          readOnly
          hint={t('auth.emailNotEditable')}
        />
        <div className="form-row">
          <SelectField
            label={t('auth.documentType')}
            options={documentTypeOptions(t)}
            error={err('document_type')}
            {...form.register('document_type')}
          />
          <TextField
            label={t('auth.documentNumber')}
            error={err('document_number')}
            {...form.register('document_number')}
          />
        </div>
        <BirthdateField
          day={form.register('birth_day')}
          month={form.register('birth_month')}
          year={form.register('birth_year')}
          error={err('birthdate')}
        />
        <SelectField
          label={t('auth.gender')}
          placeholder={t('auth.choose')}
          options={[
            { value: 'f', label: t('auth.genderF') },
            { value: 'm', label: t('auth.genderM') },
          ]}
          error={err('gender')}
          {...form.register('gender')}
        />
        <PhoneField
          dialCode={form.register('dial_code')}
          number={form.register('mobile_number')}
          error={err('mobile_number')}
        />
      </fieldset>
      <FormAlert messages={general} />
      <SubmitButton busy={update.isPending} busyText={t('auth.sending')}>
        {t('auth.save')}
      </SubmitButton>
    </form>
  );
}

/**
 * The member's switch for signing in with the document number alone (printed on receipts): only
 * on a store that offers it. Off, that sign-in is refused as if the document were unknown.
 */
function DocumentSignin({ user }: { user: User }) {
  const { t } = useTranslation();
  const app = useTenant();
  const update = useUpdateMe({ onSuccess: () => toast.success(t('auth.saved')) });
  const [shown, setShown] = useOptimistic(user.document_signin);
  if (!app.signin_methods.some((method) => method.type === 'ONLY_DOCUMENT')) return null;
  const failure = update.error instanceof ApiError ? update.error.detailMessage : undefined;
  return (
    <section className="panel" aria-labelledby="document-signin-title">
      <h2 id="document-signin-title" className="panel__title">
        {t('auth.documentSigninTitle')}
      </h2>
      <p className="panel__text">{t('auth.documentSigninHint')}</p>
      <CheckboxField
        label={t('auth.documentSignin')}
        checked={shown}
        disabled={update.isPending}
        onChange={(event) => {
          const wanted = event.target.checked;
          // The switch moves at once (a controlled checkbox would otherwise spring back until the
          // mutation's state arrives); a refusal puts it back and the alert says why.
          startTransition(async () => {
            setShown(wanted);
            await update.mutateAsync({ document_signin: wanted }).catch(() => undefined);
          });
        }}
      />
      <FormAlert messages={update.isError ? [failure ?? t('auth.updateFailed')] : []} />
    </section>
  );
}

/** What a limited session (document number alone) sees instead of the data: why, and the step-up. */
function LimitedNotice() {
  const { t } = useTranslation();
  return (
    <div className="form-alert form-alert--info" role="status">
      <p>{t('auth.limitedSessionNotice')}</p>
      <button type="button" className="button button--primary" onClick={() => void requestStepUp()}>
        {t('auth.limitedSessionConfirm')}
      </button>
    </div>
  );
}

/** Asks for the deletion mail; the mailed link confirms (the spec's deletion authority is its token). */
export function DeletionRequest() {
  const { t } = useTranslation();
  const request = useRequestDeletion();
  const failure = request.error instanceof ApiError ? request.error.detailMessage : undefined;
  return (
    <section className="panel panel--danger" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="panel__title">
        {t('auth.deleteSectionTitle')}
      </h2>
      <p className="panel__text">{t('auth.deleteSectionText')}</p>
      {request.isSuccess ? (
        <p className="form-alert form-alert--info" role="status">
          {t('auth.deleteRequested')}
        </p>
      ) : null}
      <FormAlert messages={request.isError ? [failure ?? errorMessages.generic] : []} />
      <button
        type="button"
        className="button button--danger-ghost"
        onClick={() => request.mutate()}
        disabled={request.isPending}
      >
        {request.isPending ? t('auth.sending') : t('auth.deleteRequest')}
      </button>
    </section>
  );
}

function LogoutEverywhere() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogoutEverywhere();
  return (
    <section className="panel" aria-labelledby="logout-everywhere-title">
      <h2 id="logout-everywhere-title" className="panel__title">
        {t('auth.logoutEverywhereTitle')}
      </h2>
      <p className="panel__text">{t('auth.logoutEverywhereText')}</p>
      <FormAlert messages={logout.isError ? [t('auth.logoutEverywhereFailed')] : []} />
      <button
        type="button"
        className="button button--ghost"
        disabled={logout.isPending}
        onClick={() =>
          // The session closes while this page unmounts, so the follow-up does not hang on it.
          logout.mutateAsync().then(
            () => {
              toast.success(t('auth.loggedOutEverywhere'));
              void navigate('/');
            },
            () => undefined,
          )
        }
      >
        {logout.isPending ? t('auth.sending') : t('auth.logoutEverywhere')}
      </button>
    </section>
  );
}

/**
 * /profile: personal data with per-field errors, the document sign-in switch, signing out
 * everywhere, and the account deletion request. A limited session (document number alone) is
 * shown none of its data (the server hides it): why, and the step-up that shows it.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const me = useMe();
  const limited = me.data?.limited_session ?? false;
  return (
    <div className="account-page">
      <section className="panel">
        <h1 className="panel__heading">{t('auth.profileTitle')}</h1>
        <p className="panel__text">{t('auth.profileText')}</p>
        {limited ? (
          <LimitedNotice />
        ) : me.data ? (
          <ProfileForm key={me.data.uid} user={me.data} />
        ) : me.isError ? (
          <FormAlert messages={[t('auth.fetchFailed')]} />
        ) : (
          <Loading />
        )}
      </section>
      {me.data && !limited ? (
        <>
          <DocumentSignin user={me.data} />
          <LogoutEverywhere />
          <DeletionRequest />
        </>
      ) : null}
    </div>
  );
}
