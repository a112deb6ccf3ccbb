import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { AdminPaymentMethod, AdminTaxRule } from '@store/contract/admin/money';
import { FormAlert, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { usePaymentMethods } from './api/get-payment-methods';
import { useUpdatePaymentMethod } from './api/update-payment-method';
import { useAddYape } from './api/add-yape';
import { useTaxRule } from './api/get-tax-rule';
import { usePutTaxRule } from './api/put-tax-rule';
import { UnsettledCharges } from './unsettled-charges';
import { ReceiptAccountForm } from './receipt-account-form';
import './money.css';
import { AdminLoadError } from '../shell/admin-load-error';

type SecretName = 'access_token' | 'webhook_secret' | 'public_key';

/**
 * A write-only secret: "configurado" and a replace action; the value is never shown. The public
 * key (not a secret) is replaced the same way and shown as it is.
 */
function SecretRow({ method, name }: { method: AdminPaymentMethod; name: SecretName }) {
  const { t } = useTranslation();
  const update = useUpdatePaymentMethod();
  const [editing, setEditing] = useState(false);
  const form = useForm<{ value: string }>({ defaultValues: { value: '' } });
  const { general, showError, tm } = useFormFeedback(
    form.setError,
    ['value'],
    'admin.money.saveError',
  );
  const configured =
    name === 'public_key' ? Boolean(method.public_key) : method[`${name}_configured`];
  const save = form.handleSubmit(async ({ value }) => {
    try {
      await update.mutateAsync({ uid: method.uid, [name]: value, version: method.version });
      toast.success(t('admin.payments.saved'));
      setEditing(false);
      form.reset();
    } catch (error) {
      // The server names the secret's own field: shown above the input.
      showError(error);
    }
  });
  const label = t(name === 'public_key' ? 'admin.payments.publicKey' : `admin.payments.${name}`);
  return (
    <div className="admin-secret">
      <span className="admin-secret__label">{label}</span>
      <span data-testid={`${method.key}-${name}`}>
        {name === 'public_key' && method.public_key
          ? method.public_key
          : configured
            ? t('admin.payments.configured')
            : t('admin.payments.notConfigured')}
      </span>
      {editing ? (
        <form onSubmit={save} className="admin-secret__form" noValidate>
          <FormAlert messages={general.map((m) => (m.startsWith('admin.money.') ? t(m) : tm(m)))} />
          <TextField
            label={t('admin.payments.newValue', { name: label })}
            type={name === 'public_key' ? 'text' : 'password'}
            autoComplete="off"
            error={form.formState.errors.value?.message && tm(form.formState.errors.value.message)}
            {...form.register('value')}
          />
          <button type="submit" className="button button--primary" disabled={update.isPending}>
            {t('admin.payments.save')}
          </button>
          <button type="button" className="button" onClick={() => setEditing(false)}>
            {t('admin.payments.cancel')}
          </button>
        </form>
      ) : (
        <button type="button" className="button button--small" onClick={() => setEditing(true)}>
          {configured ? t('admin.payments.replace') : t('admin.payments.set')}
        </button>
      )}
    </div>
  );
}

function MethodCard({ method }: { method: AdminPaymentMethod }) {
  const { t } = useTranslation();
  const update = useUpdatePaymentMethod();
  const toggle = () => {
    if (method.is_active && !window.confirm(t('admin.payments.confirmOff', { name: method.name })))
      return;
    update.mutate(
      { uid: method.uid, is_active: !method.is_active, version: method.version },
      { onError: () => toast.error(t('admin.money.saveError')) },
    );
  };
  return (
    <li className="admin-panel" data-method={method.key}>
      <h2 className="admin-panel__title">{method.name}</h2>
      <p>
        {method.is_active ? t('admin.money.active') : t('admin.money.inactive')}{' '}
        <button
          type="button"
          className="button button--small"
          onClick={toggle}
          disabled={update.isPending}
        >
          {method.is_active ? t('admin.money.turnOff') : t('admin.money.turnOn')}
        </button>
      </p>
      {method.provider === 'mercadopago' ? (
        <>
          <SecretRow method={method} name="public_key" />
          <SecretRow method={method} name="access_token" />
          <SecretRow method={method} name="webhook_secret" />
        </>
      ) : null}
    </li>
  );
}

/** Yape is added here once (through Mercado Pago); then it is switched like any method. */
function AddYape() {
  const { t } = useTranslation();
  const add = useAddYape();
  return (
    <section className="admin-panel" data-testid="add-yape">
      <h2 className="admin-panel__title">{t('admin.payments.yapeTitle')}</h2>
      <p className="admin-page__note">{t('admin.payments.yapeNote')}</p>
      <button
        type="button"
        className="button button--primary"
        disabled={add.isPending}
        onClick={() =>
          add.mutate(
            {},
            {
              onSuccess: () => toast.success(t('admin.payments.yapeAdded')),
              onError: () => toast.error(t('admin.money.saveError')),
            },
          )
        }
      >
        {t('admin.payments.yapeAdd')}
      </button>
    </section>
  );
}

function TaxForm({ rule }: { rule: AdminTaxRule }) {
  const { t } = useTranslation();
  const put = usePutTaxRule();
  const form = useForm<{ name: string; rate: string; receipt_issue_on: 'PAYMENT' | 'DELIVERY' }>({
    values: { name: rule.name, rate: rule.rate, receipt_issue_on: rule.receipt_issue_on },
  });
  const { general, setGeneral, showError, tm } = useFormFeedback(
    form.setError,
    ['name', 'rate', 'receipt_issue_on'],
    'admin.money.saveError',
  );
  const e = form.formState.errors;
  const text = (m?: string) => (m ? (m.startsWith('admin.money.') ? t(m) : tm(m)) : undefined);
  const save = form.handleSubmit(async (v) => {
    setGeneral([]);
    try {
      await put.mutateAsync({ ...v, version: rule.version });
      toast.success(t('admin.payments.saved'));
    } catch (error) {
      showError(error);
    }
  });
  return (
    <form className="admin-panel" onSubmit={save} noValidate>
      <h2 className="admin-panel__title">{t('admin.payments.tax')}</h2>
      <p className="admin-page__note">{t('admin.payments.taxNote')}</p>
      <FormAlert messages={general.map((m) => text(m)!)} />
      <div className="admin-coupon-form__grid">
        <TextField
          label={t('admin.payments.taxName')}
          error={text(e.name?.message)}
          {...form.register('name')}
        />
        <TextField
          label={t('admin.payments.taxRate')}
          inputMode="decimal"
          error={text(e.rate?.message)}
          {...form.register('rate')}
        />
      </div>
      {/* When the boleta or factura of a sale goes to the receipt provider (receipts/issuing). */}
      <fieldset className="admin-issue-on" data-testid="receipt-issue-on">
        <legend>{t('admin.payments.issueOn')}</legend>
        {(['PAYMENT', 'DELIVERY'] as const).map((on) => (
          <label key={on}>
            <input type="radio" value={on} {...form.register('receipt_issue_on')} />
            <span>
              {t(`admin.payments.issueOn_${on}`)}
              <small className="admin-receipts__sub">{t(`admin.payments.issueOnNote_${on}`)}</small>
            </span>
          </label>
        ))}
        {e.receipt_issue_on?.message ? (
          <p className="form-error">{text(e.receipt_issue_on.message)}</p>
        ) : null}
        <Link to="/admin/receipts">{t('admin.payments.receiptsLink')}</Link>
      </fieldset>
      <button type="submit" className="button button--primary" disabled={put.isPending}>
        {t('admin.payments.save')}
      </button>
    </form>
  );
}

/** /admin/payments: the owner's payment methods, card credentials and tax rule. */
export function PaymentsPage() {
  const { t } = useTranslation();
  const methods = usePaymentMethods();
  const tax = useTaxRule();
  const failed = methods.isError || tax.isError;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">{t('admin.payments.title')}</h1>
      </div>
      {methods.isPending || tax.isPending ? (
        <Loading />
      ) : failed ? (
        <AdminLoadError onRetry={() => Promise.all([methods.refetch(), tax.refetch()])} />
      ) : (
        <>
          {methods.data.length ? (
            <ul className="admin-methods">
              {methods.data.map((m) => (
                <MethodCard key={m.uid} method={m} />
              ))}
            </ul>
          ) : (
            <p className="admin-empty">{t('admin.payments.empty')}</p>
          )}
          {methods.data.some((m) => m.type === 'YAPE') ? null : <AddYape />}
          <TaxForm rule={tax.data} />
          <ReceiptAccountForm />
          <UnsettledCharges />
        </>
      )}
    </div>
  );
}
