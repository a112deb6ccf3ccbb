import { useState } from 'react';
import { Link } from 'react-router';
import { useSearchParamsLatest } from '../../../lib/use-search-params';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DOCUMENT_TYPE } from '@store/contract/profile/user';
import {
  staffCan,
  staffClientQuery,
  staffQrInput,
  type StaffClient,
} from '@store/contract/staff/schemas';
import { staffMessages } from '@store/contract/staff/messages';
import { errorMessages } from '@store/contract/messages';
import { ApiError } from '../../../api';
import { documentTypeOptions } from '../../../lib/document-types';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { FormAlert, SelectField, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { useClient, useFindClient, type ClientLookup } from '../api/find-client';
import { useFindClientByQr } from '../api/find-client-by-qr';
import {
  lookupFromSearch,
  lookupOfClient,
  lookupToSearch,
  qrCodeFromText,
  type LookupMode,
} from '../logic';
import { useErrorText } from '../../../lib/error-text';
import { ClientCard } from './client-card';
import { canUseCamera, QrScan } from './qr-scan';
import { useStaff } from './staff-context';

/**
 * "No se encontró el cliente" for a document leads straight to the new-client form with that
 * document filled in, for a staff member who may create clients.
 */
function CreateWithDocument({ lookup }: { lookup: ClientLookup | null }) {
  const { t } = useTranslation();
  const { me } = useStaff();
  if (!lookup || !('document_number' in lookup) || !staffCan(me.role, 'create_clients'))
    return null;
  const search = new URLSearchParams({
    document_type: lookup.document_type,
    document_number: lookup.document_number,
  });
  return (
    <Link to={`/staff/clients/new?${search.toString()}`} className="button button--ghost">
      {lookup.document_type === DEFAULT_DOCUMENT_TYPE
        ? t('staff.createWithDni')
        : t('staff.createWithDocument')}
    </Link>
  );
}

/** /staff: find a client (document, mobile phone or member QR), then their card and actions. */
export function ClientsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParamsLatest();
  const lookup = lookupFromSearch(params);
  const [mode, setMode] = useState<LookupMode>('document');

  const [direct, setDirect] = useState<StaffClient | null>(null);
  // The member QR the client was found by: their proof of presence on the card.
  const [scannedQr, setScannedQr] = useState<string | null>(null);
  const newSearch = () => {
    setScannedQr(null);
    setParams(new URLSearchParams());
  };
  const show = (found: StaffClient, by: ClientLookup | null) => {
    const key = by ?? lookupOfClient(found);
    // A client with neither document nor phone (found by QR) cannot be kept in the address.
    if (!key) return setDirect(found);
    setParams(lookupToSearch(key));
  };

  return (
    <div className="staff-page">
      {lookup ? (
        <ClientView lookup={lookup} scannedQr={scannedQr} onNewSearch={newSearch} />
      ) : direct ? (
        <ClientCard
          client={direct}
          scannedQr={scannedQr}
          onNewSearch={() => {
            setScannedQr(null);
            setDirect(null);
          }}
        />
      ) : (
        <section className="staff-panel" aria-labelledby="staff-lookup-title">
          <h2 id="staff-lookup-title" className="staff-panel__title">
            {t('staff.lookupTitle')}
          </h2>
          <div className="staff-modes" role="group" aria-label={t('staff.lookupBy')}>
            {(['document', 'phone', 'qr'] as const).map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={mode === m}
                className={
                  mode === m ? 'staff-modes__tab staff-modes__tab--active' : 'staff-modes__tab'
                }
                onClick={() => setMode(m)}
              >
                {t(`staff.mode_${m}`)}
              </button>
            ))}
          </div>
          {mode === 'document' ? <DocumentLookup onFound={show} /> : null}
          {mode === 'phone' ? (
            <PhoneLookup onFound={show} onUseDocument={() => setMode('document')} />
          ) : null}
          {mode === 'qr' ? (
            <QrLookup
              onFound={(client, code) => {
                setScannedQr(code);
                show(client, null);
              }}
            />
          ) : null}
        </section>
      )}
    </div>
  );
}

function ClientView({
  lookup,
  scannedQr,
  onNewSearch,
}: {
  lookup: ClientLookup;
  scannedQr: string | null;
  onNewSearch: () => void;
}) {
  const { t } = useTranslation();
  const stm = useErrorText();
  const client = useClient(lookup);
  if (client.isPending) return <Loading />;
  if (client.isError) {
    const message =
      client.error instanceof ApiError && client.error.status === 404
        ? stm(staffMessages.clientNotFound)
        : stm(errorMessages.fetchFailed);
    return (
      <section className="staff-panel">
        <FormAlert messages={[message]} />
        {client.error instanceof ApiError && client.error.status === 404 ? (
          <CreateWithDocument lookup={lookup} />
        ) : null}
        <button type="button" className="button button--primary" onClick={onNewSearch}>
          {t('staff.newSearch')}
        </button>
      </section>
    );
  }
  // A QR names one client: it is their proof only while that client is on the card.
  return <ClientCard client={client.data} scannedQr={scannedQr} onNewSearch={onNewSearch} />;
}

type Found = (client: StaffClient, by: ClientLookup) => void;

const documentSchema = z
  .object({ document_type: z.string(), document_number: z.string() })
  .superRefine((v, ctx) => {
    const parsed = staffClientQuery.safeParse(v);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

function DocumentLookup({ onFound }: { onFound: Found }) {
  const { t } = useTranslation();
  const stm = useErrorText();
  const findClient = useFindClient();
  const form = useForm({
    resolver: zodResolver(documentSchema),
    defaultValues: { document_type: DEFAULT_DOCUMENT_TYPE as string, document_number: '' },
  });
  const fields = ['document_type', 'document_number'] as const;
  const { general, setGeneral, showError } = useFormFeedback(
    form.setError,
    fields,
    errorMessages.fetchFailed,
  );
  // The document last searched for, offered to the new-client form when nobody has it.
  const [searched, setSearched] = useState<ClientLookup | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    const parsed = staffClientQuery.parse(values);
    const lookup = {
      document_type: parsed.document_type!,
      document_number: parsed.document_number!,
    };
    setSearched(lookup);
    try {
      onFound(await findClient(lookup), lookup);
    } catch (error) {
      showError(error);
    }
  });
  const e = form.formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="staff-form staff-form--inline">
      <SelectField
        label={t('staff.documentType')}
        options={documentTypeOptions(t)}
        error={e.document_type?.message && stm(e.document_type.message)}
        {...form.register('document_type')}
      />
      <TextField
        label={t('staff.documentNumber')}
        autoComplete="off"
        inputMode="text"
        error={e.document_number?.message && stm(e.document_number.message)}
        {...form.register('document_number')}
      />
      <FormAlert messages={general.map(stm)} />
      {general.includes(staffMessages.clientNotFound) ? (
        <CreateWithDocument lookup={searched} />
      ) : null}
      <button
        type="submit"
        className="button button--primary"
        disabled={form.formState.isSubmitting}
      >
        {form.formState.isSubmitting ? t('staff.searching') : t('staff.search')}
      </button>
    </form>
  );
}

const phoneSchema = z.object({ mobile_phone: z.string() }).superRefine((v, ctx) => {
  if (!v.mobile_phone.trim())
    return ctx.addIssue({
      code: 'custom',
      path: ['mobile_phone'],
      message: staffMessages.identifyClient,
    });
  const parsed = staffClientQuery.safeParse(v);
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

function PhoneLookup({ onFound, onUseDocument }: { onFound: Found; onUseDocument: () => void }) {
  const { t } = useTranslation();
  const stm = useErrorText();
  const findClient = useFindClient();
  const form = useForm({ resolver: zodResolver(phoneSchema), defaultValues: { mobile_phone: '' } });
  const { general, setGeneral, showError } = useFormFeedback(
    form.setError,
    ['mobile_phone'],
    errorMessages.fetchFailed,
  );
  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    // Typed as the member gave it: nine digits match any number ending in them on the server.
    const lookup = { mobile_phone: values.mobile_phone.replace(/[\s\-()]/g, '') };
    try {
      onFound(await findClient(lookup), lookup);
    } catch (error) {
      showError(error);
    }
  });
  const e = form.formState.errors;
  const duplicate =
    e.mobile_phone?.message === staffMessages.duplicatePhone ||
    general.includes(staffMessages.duplicatePhone);
  return (
    <form onSubmit={onSubmit} noValidate className="staff-form staff-form--inline">
      <TextField
        label={t('staff.mobilePhone')}
        type="tel"
        autoComplete="off"
        inputMode="tel"
        hint={t('staff.mobilePhoneHint')}
        error={e.mobile_phone?.message && stm(e.mobile_phone.message)}
        {...form.register('mobile_phone')}
      />
      <FormAlert messages={general.map(stm)} />
      <button
        type="submit"
        className="button button--primary"
        disabled={form.formState.isSubmitting}
      >
        {form.formState.isSubmitting ? t('staff.searching') : t('staff.search')}
      </button>
      {duplicate ? (
        <button type="button" className="button button--ghost" onClick={onUseDocument}>
          {t('staff.searchByDocument')}
        </button>
      ) : null}
    </form>
  );
}

function QrLookup({ onFound }: { onFound: (client: StaffClient, code: string) => void }) {
  const { t } = useTranslation();
  const stm = useErrorText();
  const findClientByQr = useFindClientByQr();
  const [camera, setCamera] = useState(false);
  const form = useForm({ resolver: zodResolver(staffQrInput), defaultValues: { code: '' } });
  const { general, setGeneral, showError } = useFormFeedback(
    form.setError,
    ['code'],
    errorMessages.fetchFailed,
  );
  const search = async (code: string) => {
    setGeneral([]);
    try {
      const qr = qrCodeFromText(code);
      onFound(await findClientByQr(qr), qr);
    } catch (error) {
      showError(error);
    }
  };
  const onSubmit = form.handleSubmit((values) => search(values.code));
  const e = form.formState.errors;
  return (
    <div className="staff-form">
      {camera ? (
        <QrScan
          onClose={() => setCamera(false)}
          onCode={(code) => {
            setCamera(false);
            form.setValue('code', code);
            void onSubmit();
          }}
        />
      ) : canUseCamera() ? (
        <button type="button" className="button button--ghost" onClick={() => setCamera(true)}>
          {t('staff.scanWithCamera')}
        </button>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="staff-form staff-form--inline">
        <TextField
          label={t('staff.qrCode')}
          hint={t('staff.qrCodeHint')}
          autoComplete="off"
          error={e.code?.message && stm(e.code.message)}
          {...form.register('code')}
        />
        <FormAlert messages={general.map(stm)} />
        <button
          type="submit"
          className="button button--primary"
          disabled={form.formState.isSubmitting}
        >
          {form.formState.isSubmitting ? t('staff.searching') : t('staff.search')}
        </button>
      </form>
    </div>
  );
}
