import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isValidRuc,
  receiptInput,
  type ReceiptInput,
  type ReceiptRequest,
} from '@store/contract/receipts/schemas';
import { ApiError } from '../../../api/client';
import { SelectField, TextField } from '../../../components/form-fields';
import { useRucLookup } from '../api/lookup-ruc';
import { CheckoutSection } from './checkout-section';

/** Reads the receipt typed: its body, or null when a field is not valid (the fields say why). */
export type ReceiptReader = () => ReceiptInput | null;

type Values = {
  type: 'boleta' | 'factura';
  document_type: 'DNI' | 'CE' | 'PASSPORT';
  document_number: string;
  ruc: string;
  business_name: string;
  fiscal_address: string;
};

const empty: Values = {
  type: 'boleta',
  document_type: 'DNI',
  document_number: '',
  ruc: '',
  business_name: '',
  fiscal_address: '',
};

/**
 * "¿Boleta o factura?": a boleta with the buyer's DNI, CE or passport (optional up to S/ 700, as
 * SUNAT allows), a factura with the company's RUC (its check digit checked here and by the
 * server), razón social and fiscal address. Prefilled with the member's last receipt, else with
 * the DNI of their profile.
 */
export function ReceiptSection({
  saved,
  profileDni,
  reader,
}: {
  saved: ReceiptRequest | null | undefined;
  profileDni: string | null;
  reader: MutableRefObject<ReceiptReader | null>;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current || saved === undefined) return;
    filled.current = true;
    if (saved?.type === 'factura') setValues({ ...empty, ...saved });
    else if (saved?.type === 'boleta')
      setValues({
        ...empty,
        document_type: saved.document_type ?? 'DNI',
        document_number: saved.document_number ?? '',
      });
    else if (profileDni) setValues({ ...empty, document_number: profileDni });
  }, [saved, profileDni]);

  reader.current = () => {
    const body: ReceiptInput =
      values.type === 'factura'
        ? {
            type: 'factura',
            ruc: values.ruc.trim(),
            business_name: values.business_name,
            fiscal_address: values.fiscal_address,
          }
        : values.document_number.trim()
          ? {
              type: 'boleta',
              document_type: values.document_type,
              document_number: values.document_number,
            }
          : { type: 'boleta' };
    const parsed = receiptInput.safeParse(body);
    if (parsed.success) {
      setErrors({});
      return body;
    }
    const next: typeof errors = {};
    for (const issue of parsed.error.issues)
      // The field shows the catalogue's text of the code (receipts.ruc_invalid, form.required).
      next[issue.path[0] as keyof Values] ??= issue.message;
    setErrors(next);
    return null;
  };

  const set = (name: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  // The RUC looked up in SUNAT's register once its check digit is right: razón social and
  // address are filled when they are empty or still hold an earlier look-up's words (never over
  // what the shopper typed), and typed by hand when the look-up cannot answer.
  const ruc = values.type === 'factura' ? values.ruc.trim() : '';
  const lookup = useRucLookup(ruc);
  const lookedUp = useRef<{ business_name: string; fiscal_address: string } | null>(null);
  const found = lookup.data?.ruc === ruc ? lookup.data : undefined;
  useEffect(() => {
    if (!found) return;
    const before = lookedUp.current;
    const next = { business_name: found.business_name, fiscal_address: found.fiscal_address };
    lookedUp.current = next;
    setValues((v) => ({
      ...v,
      business_name:
        !v.business_name.trim() || v.business_name === before?.business_name
          ? next.business_name
          : v.business_name,
      fiscal_address:
        (!v.fiscal_address.trim() || v.fiscal_address === before?.fiscal_address) &&
        next.fiscal_address
          ? next.fiscal_address
          : v.fiscal_address,
    }));
    setErrors((e) => ({
      ...e,
      ruc: undefined,
      business_name: undefined,
      fiscal_address: undefined,
    }));
  }, [found]);
  const rucNote = !isValidRuc(ruc)
    ? null
    : lookup.isFetching
      ? t('checkout.rucSearching')
      : found
        ? [found.status, found.condition].some(Boolean)
          ? t('checkout.rucFoundState', {
              state: [found.status, found.condition].filter(Boolean).join(', '),
            })
          : t('checkout.rucFound')
        : lookup.error instanceof ApiError && lookup.error.status === 404
          ? t('checkout.rucNotFound')
          : lookup.isError
            ? t('checkout.rucUnavailable')
            : null;
  const choice = (option: 'boleta' | 'factura') => (
    <label className={`checkout-choice${values.type === option ? ' checkout-choice--on' : ''}`}>
      <input
        type="radio"
        name="receipt_type"
        value={option}
        checked={values.type === option}
        onChange={() => setValues((v) => ({ ...v, type: option }))}
      />
      <span>{t(`checkout.receipt_${option}`)}</span>
    </label>
  );
  return (
    <CheckoutSection id="co-receipt" title={t('checkout.receiptTitle')}>
      <fieldset className="checkout-choices">
        <legend className="visually-hidden">{t('checkout.receiptTitle')}</legend>
        {choice('boleta')}
        {choice('factura')}
      </fieldset>
      {values.type === 'boleta' ? (
        <div className="checkout-row">
          <SelectField
            label={t('checkout.receiptDocumentType')}
            options={(['DNI', 'CE', 'PASSPORT'] as const).map((v) => ({
              value: v,
              label: t(`checkout.receiptDocument_${v}`),
            }))}
            value={values.document_type}
            onChange={set('document_type')}
          />
          <TextField
            label={t('checkout.receiptDocumentNumber')}
            hint={t('checkout.receiptDocumentHint')}
            value={values.document_number}
            error={errors.document_number}
            onChange={set('document_number')}
          />
        </div>
      ) : (
        <>
          <TextField
            label={t('checkout.receiptRuc')}
            inputMode="numeric"
            maxLength={11}
            value={values.ruc}
            error={errors.ruc}
            onChange={set('ruc')}
          />
          <p className="checkout-note" aria-live="polite" data-testid="ruc-lookup">
            {rucNote}
          </p>
          <TextField
            label={t('checkout.receiptBusinessName')}
            autoComplete="organization"
            value={values.business_name}
            error={errors.business_name}
            onChange={set('business_name')}
          />
          <TextField
            label={t('checkout.receiptFiscalAddress')}
            value={values.fiscal_address}
            error={errors.fiscal_address}
            onChange={set('fiscal_address')}
          />
        </>
      )}
    </CheckoutSection>
  );
}
