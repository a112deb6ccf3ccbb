import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { AdminReceiptAccount } from '@store/contract/admin/money';
import { FormAlert, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { usePutReceiptAccount, useReceiptAccount } from './api/receipt-account';

type Values = { url: string; token: string };

function AccountForm({ account }: { account: AdminReceiptAccount }) {
  const { t } = useTranslation();
  const put = usePutReceiptAccount();
  const form = useForm<Values>({ values: { url: account.url ?? '', token: '' } });
  const { general, setGeneral, showError, tm } = useFormFeedback(
    form.setError,
    ['url', 'token'],
    'admin.money.saveError',
  );
  const e = form.formState.errors;
  const text = (m?: string) => (m ? (m.startsWith('admin.money.') ? t(m) : tm(m)) : undefined);
  const send = async (body: { url: string | null; token?: string }, done: string) => {
    setGeneral([]);
    try {
      await put.mutateAsync({ ...body, version: account.version });
      toast.success(t(done));
      form.reset({ url: body.url ?? '', token: '' });
    } catch (error) {
      showError(error);
    }
  };
  // The token is write-only: left empty, the one kept stays.
  const save = form.handleSubmit(({ url, token }) =>
    send(
      { url: url.trim(), ...(token.trim() ? { token: token.trim() } : {}) },
      'admin.payments.accountSaved',
    ),
  );
  return (
    <form className="admin-panel" onSubmit={save} noValidate data-testid="receipt-account">
      <h2 className="admin-panel__title">{t('admin.payments.accountTitle')}</h2>
      <p className="admin-page__note" data-testid="receipt-account-issuer">
        {t(`admin.payments.accountIssuer_${account.issuer}`)}
      </p>
      <p className="admin-page__note">{t('admin.payments.accountHelp')}</p>
      <FormAlert messages={general.map((m) => text(m)!)} />
      <div className="admin-coupon-form__grid">
        <TextField
          label={t('admin.payments.accountUrl')}
          inputMode="url"
          autoComplete="off"
          placeholder="https://api.nubefact.com/api/v1/…"
          error={text(e.url?.message)}
          {...form.register('url')}
        />
        <TextField
          label={t('admin.payments.accountToken')}
          type="password"
          autoComplete="off"
          hint={
            account.token_configured
              ? t('admin.payments.accountTokenKept')
              : t('admin.payments.accountTokenNew')
          }
          error={text(e.token?.message)}
          {...form.register('token')}
        />
      </div>
      <div className="admin-account__buttons">
        <button type="submit" className="button button--primary" disabled={put.isPending}>
          {t('admin.payments.accountSave')}
        </button>
        {account.url ? (
          <button
            type="button"
            className="button"
            disabled={put.isPending}
            onClick={() => {
              if (window.confirm(t('admin.payments.accountForgetConfirm')))
                void send({ url: null }, 'admin.payments.accountForgotten');
            }}
          >
            {t('admin.payments.accountForget')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The company's own Nubefact account (route URL and token) in Pagos e impuestos: the receipts of
 * a company that has one are issued with it; otherwise with the platform's, if any.
 */
export function ReceiptAccountForm() {
  const query = useReceiptAccount();
  if (query.isPending) return <Loading />;
  if (query.isError) return null;
  return <AccountForm account={query.data} />;
}
