import { useState } from 'react';
import { Link } from 'react-router';
import { useSearchParamsLatest } from '../../../lib/use-search-params';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorMessages } from '@store/contract/messages';
import { DEFAULT_DOCUMENT_TYPE } from '@store/contract/profile/user';
import { staffCreateClientInput, type StaffClient } from '@store/contract/staff/schemas';
import { staffMessages } from '@store/contract/staff/messages';
import { documentTypeOptions } from '../../../lib/document-types';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { CheckboxField, FormAlert, SelectField, TextField } from '../../../components/form-fields';
import { PageMessage } from '../../../components/page-message';
import { useCreateClient } from '../api/create-client';
import { lookupOfClient, lookupToSearch } from '../logic';
import { useErrorText } from '../../../lib/error-text';
import { useStaff } from './staff-context';

type In = z.input<typeof staffCreateClientInput>;
type Out = z.output<typeof staffCreateClientInput>;
const FIELDS = [
  'program_uid',
  'first_name',
  'last_name',
  'email',
  'mobile_phone',
  'document_type',
  'document_number',
  'accept_terms',
  'accept_age',
  'accept_data_processing',
  'accept_publicity',
] as const;

/** /staff/clients/new: a user created at the counter joins one of the store's benefits programs. */
export function CreateClientPage() {
  const { t } = useTranslation();
  const stm = useErrorText();
  const { me } = useStaff();
  const [created, setCreated] = useState<StaffClient | null>(null);
  // "Crear con este DNI" from a look-up that found nobody brings the document along.
  const [params] = useSearchParamsLatest();
  const empty: In = {
    program_uid: me.programs[0]?.uid ?? '',
    first_name: '',
    last_name: '',
    email: '',
    mobile_phone: '',
    document_type: DEFAULT_DOCUMENT_TYPE,
    document_number: '',
    // The consents of sign-up, given by the client at the counter (the spec's staff-side age
    // line is 14 or over: Peru lets a 14-year-old consent to the use of their own data).
    accept_terms: false,
    accept_age: false,
    accept_data_processing: false,
    accept_publicity: false,
  };
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(staffCreateClientInput),
    defaultValues: {
      ...empty,
      // Checked like any typed value when the form is sent.
      document_type: (params.get('document_type') as In['document_type']) ?? empty.document_type,
      document_number: params.get('document_number') ?? '',
    },
  });
  const { general, setGeneral, showError } = useFormFeedback(
    form.setError,
    FIELDS,
    errorMessages.updateFailed,
  );
  const create = useCreateClient();

  if (me.programs.length === 0) {
    return (
      <PageMessage title={stm(staffMessages.noBenefitsProgram)} text={t('staff.noProgramText')} />
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    setCreated(null);
    try {
      const client = await create.mutateAsync({
        ...values,
        email: values.email || undefined,
        mobile_phone: values.mobile_phone || undefined,
      });
      toast.success(t('staff.clientCreated'));
      setCreated(client);
      form.reset({ ...empty, program_uid: values.program_uid });
    } catch (error) {
      showError(error);
    }
  });
  const e = form.formState.errors;
  const err = (field: (typeof FIELDS)[number]) => {
    const message = e[field]?.message;
    return message ? stm(message) : undefined;
  };
  const createdLookup = created ? lookupOfClient(created) : null;

  return (
    <div className="staff-page">
      <section className="staff-panel" aria-labelledby="staff-create-title">
        <h2 id="staff-create-title" className="staff-panel__title">
          {t('staff.createTitle')}
        </h2>
        <p className="staff-muted">{t('staff.createText')}</p>
        {created ? (
          <div className="form-alert form-alert--info" role="status">
            <p>
              {t('staff.clientCreatedText', { name: `${created.first_name} ${created.last_name}` })}
            </p>
            {createdLookup ? (
              <Link to={`/staff?${lookupToSearch(createdLookup).toString()}`}>
                {t('staff.openClient')}
              </Link>
            ) : null}
          </div>
        ) : null}
        <form onSubmit={onSubmit} noValidate className="staff-form staff-form--grid">
          <SelectField
            label={t('staff.program')}
            options={me.programs.map((p) => ({ value: p.uid, label: p.name }))}
            error={err('program_uid')}
            {...form.register('program_uid')}
          />
          <SelectField
            label={t('staff.documentType')}
            options={documentTypeOptions(t)}
            error={err('document_type')}
            {...form.register('document_type')}
          />
          <TextField
            label={t('staff.documentNumber')}
            autoComplete="off"
            error={err('document_number')}
            {...form.register('document_number')}
          />
          <TextField
            label={t('staff.firstName')}
            autoComplete="off"
            error={err('first_name')}
            {...form.register('first_name')}
          />
          <TextField
            label={t('staff.lastName')}
            autoComplete="off"
            error={err('last_name')}
            {...form.register('last_name')}
          />
          <TextField
            label={t('staff.emailOptional')}
            type="email"
            autoComplete="off"
            error={err('email')}
            {...form.register('email')}
          />
          <TextField
            label={t('staff.mobilePhoneOptional')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            hint={t('staff.mobilePhoneHint')}
            error={err('mobile_phone')}
            {...form.register('mobile_phone')}
          />
          <CheckboxField
            label={
              <Trans
                i18nKey="staff.termsConfirm"
                components={[<Link key="terms" to="/terms-and-conditions" target="_blank" />]}
              />
            }
            error={err('accept_terms')}
            {...form.register('accept_terms')}
          />
          <CheckboxField
            label={t('staff.ageConfirm')}
            error={err('accept_age')}
            {...form.register('accept_age')}
          />
          <CheckboxField
            label={
              <Trans
                i18nKey="staff.dataProcessingConfirm"
                components={[<Link key="privacy" to="/politics" target="_blank" />]}
              />
            }
            error={err('accept_data_processing')}
            {...form.register('accept_data_processing')}
          />
          <CheckboxField
            label={t('staff.publicityConfirm')}
            error={err('accept_publicity')}
            {...form.register('accept_publicity')}
          />
          <FormAlert messages={general.map(stm)} />
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {create.isPending ? t('staff.saving') : t('staff.createSubmit')}
          </button>
        </form>
      </section>
    </div>
  );
}
