import { Link, useLocation, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'react-toastify';
import { storageKeys } from '@store/contract/constants';
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
import { storage } from '../../../lib/storage';
import { tidyName } from '../../../lib/names';
import { composeBirthdate } from '../../../lib/birthdate';
import { documentTypeOptions } from '../../../lib/document-types';
import { Loading } from '../../../components/loading';
import {
  CheckboxField,
  FormAlert,
  SelectField,
  TextField,
  SubmitButton,
} from '../../../components/form-fields';
import { BirthdateField } from '../../../components/birthdate-field';
import { AuthCard } from './auth-card';
import { wantedPath } from '../lib/signin';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { PersonNameFields } from '../../../components/person-name-fields';

const shape = z.object({
  first_name: z.string(),
  last_name: z.string(),
  document_type: z.string(),
  document_number: z.string(),
  birth_day: z.string(),
  birth_month: z.string(),
  birth_year: z.string(),
  gender: z.string(),
  accept: z.boolean(),
});
type Values = z.infer<typeof shape>;

/**
 * Which of the spec's fields (name, birth date, document, gender) are still empty: only those are
 * asked (and sent), and the terms only if the member never accepted them (sign-up already did).
 */
function missing(user: User) {
  return {
    first_name: !user.first_name,
    last_name: !user.last_name,
    document: !user.document_number,
    birthdate: !user.birthdate,
    gender: !user.gender,
    terms: !user.terms_accepted,
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
    if (ask.terms && !v.accept) fail('accept', authMessages.acceptTerms);
  });
}

/** The PATCH body: only what was missing, first word of names, empty birthdate/gender dropped, the terms if asked. */
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
  if (ask.terms && v.accept) body.accept_terms = true;
  return body;
}

function CompleteInfoForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const ask = missing(user);
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
      accept: false,
    },
  });
  const { general, setGeneral, showError, tm } = useFormFeedback(
    form.setError,
    ['first_name', 'last_name', 'document_type', 'document_number', 'birthdate', 'gender'],
    errorMessages.updateFailed,
  );
  const save = useUpdateMe();
  const canSkip = Boolean(user.first_name && user.last_name);
  // Sent here on the way to a page (the checkout after registering): done or skipped, go on there.
  const next = wantedPath((location.state as { from?: string } | null)?.from) ?? '/';
  // Remembered on the account (the spec's stored flag alone was lost at logout).
  const skip = async () => {
    storage.set(storageKeys.skipUpdate, 'true');
    try {
      await save.mutateAsync({ skip_complete_info: true });
    } catch {
      // Skipping still works for this session; the next sign-in asks again.
    }
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
      <PersonNameFields
        register={(name) => form.register(name)}
        errorOf={err}
        ask={{ first_name: ask.first_name, last_name: ask.last_name }}
      />
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
      {ask.terms ? (
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
      ) : null}
      <FormAlert messages={general} />
      <SubmitButton busy={save.isPending} busyText={t('auth.sending')}>
        {t('auth.save')}
      </SubmitButton>
      <button
        type="button"
        className="button button--ghost button--block"
        onClick={() => void skip()}
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
