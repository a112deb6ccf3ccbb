import { useEffect, useId, useRef, useState, type MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, SelectField, TextField } from '../form-fields';
import { useErrorText } from '../../lib/error-text';
import { installmentsOf, type CardField, type CardToken } from '../../lib/checkout-logic';
import type { FormBinding } from '../../lib/form-binding';
import { loadMercadoPago, type MercadoPagoInstance, type SecureField } from './load-sdk';

/** Makes the card token from what was typed in the secure fields (rejects when they are not valid). */
export type CardTokenizer = (holder: string) => Promise<CardToken>;

type State = 'loading' | 'ready' | 'failed';

/** One of Mercado Pago's installment offers for the card typed (a `payer_costs` entry). */
type Offer = { installments: number; label: string };

/**
 * The card form of a Mercado Pago method: the holder's name is ours, the number, expiry and CVC
 * are Mercado Pago's secure fields (its frames), so the card never touches this page's DOM nor
 * our server. The card's brand and issuer come from Mercado Pago's BIN look-up, and the
 * installments offered from `getInstallments` for that BIN and the amount (Mercado Pago decides
 * them per card and amount, with its own wording of each).
 */
export function MercadoPagoCardFields({
  publicKey,
  binding,
  tokenizer,
  amount,
}: {
  publicKey: string;
  binding: FormBinding<CardField>;
  tokenizer: MutableRefObject<CardTokenizer | null>;
  /** The total to pay (Mercado Pago's installments depend on it); null while not known. */
  amount?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<State>('loading');
  const [attempt, setAttempt] = useState(0);
  const base = useId().replace(/:/g, '');
  const ids = { number: `${base}-number`, expiry: `${base}-expiry`, cvc: `${base}-cvc` };
  const brand = useRef<{ id: string; issuer: string | null } | null>(null);
  const mpRef = useRef<MercadoPagoInstance | null>(null);
  const bin = useRef<string | null>(null);
  const [offers, setOffers] = useState<Offer[]>([]);
  // The tokenizer is made once per load: it reads the current choice through refs.
  const chosen = useRef(1);
  chosen.current = installmentsOf(binding.value('card_installments'));
  const amountRef = useRef(amount ?? null);
  amountRef.current = amount ?? null;
  const setRef = useRef(binding.set);
  setRef.current = binding.set;

  /** Asks Mercado Pago for the installments of the card typed and the current amount. */
  const lookUpInstallments = useRef((mp: MercadoPagoInstance) => {
    const forBin = bin.current;
    const total = amountRef.current;
    if (!forBin || !total) {
      setOffers([]);
      return;
    }
    mp.getInstallments({ amount: total, bin: forBin })
      .then((answer) => {
        if (bin.current !== forBin || amountRef.current !== total) return; // a newer look-up runs
        const found = answer[0];
        if (!found) return setOffers([]);
        if (found.issuer?.id != null && brand.current)
          brand.current = { ...brand.current, issuer: String(found.issuer.id) };
        const next = found.payer_costs.map((cost) => ({
          installments: cost.installments,
          label: cost.recommended_message ?? String(cost.installments),
        }));
        setOffers(next);
        // A count the new card or amount does not offer falls back to paying at once.
        if (!next.some((o) => o.installments === chosen.current))
          setRef.current('card_installments', '1');
      })
      .catch(() => setOffers([]));
  });

  useEffect(() => {
    let gone = false;
    const fields: SecureField[] = [];
    setState('loading');
    loadMercadoPago()
      .then((MercadoPago) => {
        if (gone) return;
        const mp: MercadoPagoInstance = new MercadoPago(publicKey, {
          locale: i18n.language.startsWith('en') ? 'en-US' : 'es-PE',
        });
        const number = mp.fields
          .create('cardNumber', { placeholder: '0000 0000 0000 0000' })
          .mount(ids.number);
        mpRef.current = mp;
        number.on('binChange', ({ bin: typed }) => {
          brand.current = null;
          bin.current = typed ?? null;
          if (!typed) {
            setOffers([]);
            setRef.current('card_installments', '1');
            return;
          }
          void mp.getPaymentMethods({ bin: typed }).then(({ results }) => {
            const found = results[0];
            if (found && bin.current === typed)
              brand.current = {
                id: found.id,
                issuer: found.issuer?.id != null ? String(found.issuer.id) : null,
              };
            lookUpInstallments.current(mp);
          });
        });
        fields.push(
          number,
          mp.fields.create('expirationDate', { placeholder: 'MM/AA' }).mount(ids.expiry),
          mp.fields.create('securityCode', { placeholder: '123' }).mount(ids.cvc),
        );
        tokenizer.current = async (holder) => {
          const token = await mp.fields.createCardToken({ cardholderName: holder });
          if (!brand.current) throw new Error('card brand unknown');
          return {
            token: token.id,
            payment_method_id: brand.current.id,
            installments: chosen.current,
            issuer_id: brand.current.issuer,
          };
        };
        setState('ready');
      })
      .catch(() => {
        if (!gone) setState('failed');
      });
    return () => {
      gone = true;
      mpRef.current = null;
      bin.current = null;
      setOffers([]);
      tokenizer.current = null;
      for (const field of fields) field.unmount();
    };
    // The ids are stable for this component; a new attempt (after a failed load) loads again.
  }, [publicKey, attempt]);

  // A new total (a coupon, the delivery fare) changes what Mercado Pago offers.
  useEffect(() => {
    if (mpRef.current) lookUpInstallments.current(mpRef.current);
  }, [amount]);

  if (state === 'failed') {
    return (
      <div className="checkout-card">
        <FormAlert messages={[t('checkout.cardFormUnavailable')]} />
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          {t('checkout.cardFormRetry')}
        </button>
      </div>
    );
  }
  const numberError = binding.error('card_number');
  return (
    <div className="checkout-card" aria-busy={state === 'loading'}>
      {state === 'loading' ? (
        <p className="checkout-note">{t('checkout.cardFormLoading')}</p>
      ) : null}
      <TextField
        label={t('checkout.cardHolder')}
        autoComplete="cc-name"
        error={binding.error('card_holder')}
        {...binding.input('card_holder')}
      />
      <SecureFieldBox id={ids.number} label={t('checkout.cardNumber')} error={numberError} />
      <div className="checkout-row">
        <SecureFieldBox id={ids.expiry} label={t('checkout.cardExpiry')} />
        <SecureFieldBox id={ids.cvc} label={t('checkout.cardCvc')} />
      </div>
      {offers.length ? (
        <SelectField
          label={t('checkout.installments')}
          error={binding.error('card_installments')}
          options={offers.map((o) => ({ value: String(o.installments), label: o.label }))}
          {...binding.input('card_installments')}
        />
      ) : (
        <p className="checkout-note">{t('checkout.installmentsAfterNumber')}</p>
      )}
      <p className="checkout-note">{t('checkout.cardSecure')}</p>
    </div>
  );
}

/** A labelled box Mercado Pago mounts its field's frame in. */
function SecureFieldBox({ id, label, error }: { id: string; label: string; error?: string }) {
  const errorText = useErrorText();
  return (
    <div className={`form-field${error ? ' form-field--error' : ''}`}>
      <span className="form-field__label" id={`${id}-label`}>
        {label}
      </span>
      <div
        id={id}
        className="form-field__control checkout-secure-field"
        role="group"
        aria-labelledby={`${id}-label`}
      />
      {error ? (
        <p className="form-field__error" role="alert">
          {errorText(error)}
        </p>
      ) : null}
    </div>
  );
}
