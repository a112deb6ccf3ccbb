import { Link, useLocation, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'react-toastify';
import { DEFAULT_DIAL_CODE, storageKeys } from '@store/contract/constants';
import { countries } from '@store/contract/countries';
import { formMessages, errorMessages } from '@store/contract/messages';
import { authMessages } from '@store/contract/auth/messages';
import {
  birthdateError,
  documentNumberError,
  DEFAULT_DOCUMENT_TYPE,
  normaliseDocumentNumber,
  type DocumentType,
  type User,
} from '@store/contract/profile/user';
import type { ProfileUpdateBody } from '@store/contract/profile/schemas';
import { useMe } from '../../../api/get-me';
import { useUpdateMe } from '../../../api/update-me';
import { useTenant } from '../../../lib/tenant';
import { storage } from '../../../lib/storage';
import { tidyName } from '../../../lib/names';
import { splitDialCode, withDialCode } from '../../../lib/phone';
import { composeBirthdate } from '../../../lib/birthdate';
import { documentTypeOptions } from '../../../lib/document-types';
import { Loading } from '../../../components/loading';
import { CheckboxField, FormAlert, SelectField, TextField } from '../../../components/form-fields';
import { PhoneField } from '../../../components/phone-field';
import { BirthdateField } from '../../../components/birthdate-field';
import { AuthCard } from './auth-card';
import { wantedPath } from '../lib/signin';
import { useFormFeedback } from '../../../lib/use-form-feedback';

const shape = z.object({
  first_name: z.string(),
  last_name: z.string(),
  document_type: z.string(),
  document_number: z.string(),
  birth_day: z.string(),
  birth_month: z.string(),
  birth_year: z.string(),
  gender: z.string(),
  dial_code: z.string(),
  mobile_number: z.string(),
  accept: z.boolean(),
});
type Values = z.infer<typeof shape>;

/** Which profile fields are still empty: only those are asked (and sent). */
function missing(user: User) {
  return {
    first_name: !user.first_name,
    last_name: !user.last_name,
    document: !user.document_number,
    birthdate: !user.birthdate,
    gender: !user.gender,
    mobile: !user.mobile_number,
  };
}

function schemaFor(user: User) {
  const ask = missing(user);
  return shape.superRefine((v, ctx) => {
    const fail = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (ask.first_name && !v.first_name.trim()) fail('first_name', formMessages.required);
    if (ask.last_name && !v.last_name.trim()) fail('last_name', formMessages.required);
    if (ask.document) {
      if (!v.document_type) fail('document_type', authMessages.documentTypeRequired);
      else {
        const message = documentNumberError(
          v.document_type as DocumentType,
          normaliseDocumentNumber(v.document_number),
        );
        if (message)
          fail(
            'document_number',
            message === authMessages.documentNumberRequired ? formMessages.required : message,
          );
      }
    }
    if (ask.birthdate) {
      const date = composeBirthdate(v.birth_day, v.birth_month, v.birth_year);
      if (!date) fail('birthdate', formMessages.required);
      else {
        const message = birthdateError(date, formMessages.date);
        if (message) fail('birthdate', message);
      }
    }
    if (ask.gender && !v.gender) fail('gender', formMessages.required);
    if (
      ask.mobile &&
      v.mobile_number.trim() &&
      !/^\d+$/.test(v.mobile_number.replace(/[\s-]/g, ''))
    )
      fail('mobile_number', formMessages.numeric);
    if (!v.dial_code) fail('mobile_number', formMessages.required);
    if (!v.accept) fail('accept', authMessages.acceptTerms);
  });
}

/** The PATCH body: only what was missing, first word of names, empty birthdate/gender dropped, mobile with its dial code. */
export function completeInfoBody(user: User, v: Values): ProfileUpdateBody {
  const ask = missing(user);
  const body: ProfileUpdateBody = {};
  if (ask.first_name) body.first_name = tidyName(v.first_name);
  if (ask.last_name) body.last_name = tidyName(v.last_name);
  if (ask.document && v.document_number.trim()) {
    body.document_type = v.document_type as DocumentType;
    body.document_number = normaliseDocumentNumber(v.document_number);
  }
  const birthdate = composeBirthdate(v.birth_day, v.birth_month, v.birth_year);
  if (ask.birthdate && birthdate) body.birthdate = birthdate;
  if (ask.gender && (v.gender === 'f' || v.gender === 'm')) body.gender = v.gender;
  const mobile = withDialCode(v.dial_code, v.mobile_number);
  if (ask.mobile && mobile) body.mobile_number = mobile;
  return body;
}

function CompleteInfoForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const app = useTenant();
  const navigate = useNavigate();
  const location = useLocation();
  const ask = missing(user);
  const areaCountry = app.countries.find((c) => c.areas.some((a) => a.uid === user.area))?.code;
  const defaultDial =
    countries.find((c) => c.code === areaCountry)?.dial_code ??
    splitDialCode(user.mobile_number, countries).dialCode ??
    DEFAULT_DIAL_CODE;
  const form = useForm<Values>({
    resolver: zodResolver(schemaFor(user)),
    defaultValues: {
      first_name: '',
      last_name: '',
      document_type: user.document_type ?? DEFAULT_DOCUMENT_TYPE,
      document_number: '',
      birth_day: '',
      birth_month: '',
      birth_year: '',
      gender: '',
      dial_code: defaultDial,
      mobile_number: '',
      accept: false,
    },
  });
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
    errorMessages.updateFailed,
  );
  const save = useUpdateMe();
  const canSkip = Boolean(user.first_name && user.last_name);
  // Sent here on the way to a page (the checkout after registering): done or skipped, go on there.
  const next = wantedPath((location.state as { from?: string } | null)?.from) ?? '/';
  const skip = () => {
    storage.set(storageKeys.skipUpdate, 'true');
    void navigate(next, { replace: true });
  };
  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      await save.mutateAsync(completeInfoBody(user, values));
      toast.success(t('auth.saved'));
      void navigate(next, { replace: true });
    } catch (error) {
      showError(error);
    }
  });
  const e = form.formState.errors as Record<string, { message?: string } | undefined>;
  const err = (name: string) => (e[name]?.message ? tm(e[name]!.message!) : undefined);
  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      {ask.first_name || ask.last_name ? (
        <div className="form-row">
          {ask.first_name ? (
            <TextField
              label={t('auth.firstName')}
              autoComplete="given-name"
              error={err('first_name')}
              {...form.register('first_name')}
            />
          ) : null}
          {ask.last_name ? (
            <TextField
              label={t('auth.lastName')}
              autoComplete="family-name"
              error={err('last_name')}
              {...form.register('last_name')}
            />
          ) : null}
        </div>
      ) : null}
      {ask.document ? (
        <div className="form-row">
          <SelectField
            label={t('auth.documentType')}
            options={documentTypeOptions(t)}
            placeholder={t('auth.choose')}
            error={err('document_type')}
            {...form.register('document_type')}
          />
          <TextField
            label={t('auth.documentNumber')}
            error={err('document_number')}
            {...form.register('document_number')}
          />
        </div>
      ) : null}
      {ask.birthdate ? (
        <BirthdateField
          day={form.register('birth_day')}
          month={form.register('birth_month')}
          year={form.register('birth_year')}
          error={err('birthdate')}
        />
      ) : null}
      {ask.gender ? (
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
      ) : null}
      {ask.mobile ? (
        <PhoneField
          label={`${t('auth.mobileNumber')} ${t('auth.optional')}`}
          dialCode={form.register('dial_code')}
          number={form.register('mobile_number')}
          error={err('mobile_number')}
        />
      ) : null}
      <CheckboxField
        label={
          <Trans
            i18nKey="auth.acceptTermsAndPrivacy"
            components={[
              <Link key="terms" to="/terms-and-conditions" target="_blank" />,
              <Link key="privacy" to="/politics" target="_blank" />,
            ]}
          />
        }
        error={err('accept')}
        {...form.register('accept')}
      />
      <FormAlert messages={general} />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={save.isPending}
      >
        {save.isPending ? t('auth.sending') : t('auth.save')}
      </button>
      <button
        type="button"
        className="button button--ghost button--block"
        onClick={skip}
        disabled={!canSkip}
      >
        {t('auth.skip')}
      </button>
    </form>
  );
}

/** /complete-info: asks what the profile lacks; skippable once first and last name exist. */
export function CompleteInfoPage() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <AuthCard title={t('auth.completeInfoTitle')} text={t('auth.completeInfoText')} wide>
      {me.data ? (
        <CompleteInfoForm user={me.data} />
      ) : me.isError ? (
        <FormAlert messages={[t('auth.fetchFailed')]} />
      ) : (
        <Loading />
      )}
    </AuthCard>
  );
}
