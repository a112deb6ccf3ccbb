import { useEffect, useId, useRef, useState, type MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, TextField } from '../form-fields';
import { useErrorText } from '../../lib/error-text';
import type { CardToken } from '../../lib/checkout-logic';
import type { FormBinding } from '../../lib/form-binding';
import { loadMercadoPago, type MercadoPagoInstance, type SecureField } from './load-sdk';

/** Makes the card token from what was typed in the secure fields (rejects when they are not valid). */
export type CardTokenizer = (holder: string) => Promise<CardToken>;

type State = 'loading' | 'ready' | 'failed';

/**
 * The card form of a Mercado Pago method: the holder's name is ours, the number, expiry and CVC
 * are Mercado Pago's secure fields (its frames), so the card never touches this page's DOM nor
 * our server. The card's brand and issuer come from Mercado Pago's BIN look-up.
 */
export function MercadoPagoCardFields({
  publicKey,
  binding,
  tokenizer,
}: {
  publicKey: string;
  binding: FormBinding<'card_holder' | 'card_number'>;
  tokenizer: MutableRefObject<CardTokenizer | null>;
}) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<State>('loading');
  const [attempt, setAttempt] = useState(0);
  const base = useId().replace(/:/g, '');
  const ids = { number: `${base}-number`, expiry: `${base}-expiry`, cvc: `${base}-cvc` };
  const brand = useRef<{ id: string; issuer: string | null } | null>(null);

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
        number.on('binChange', ({ bin }) => {
          brand.current = null;
          if (!bin) return;
          void mp.getPaymentMethods({ bin }).then(({ results }) => {
            const found = results[0];
            if (found)
              brand.current = {
                id: found.id,
                issuer: found.issuer?.id != null ? String(found.issuer.id) : null,
              };
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
            installments: 1,
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
      tokenizer.current = null;
      for (const field of fields) field.unmount();
    };
    // The ids are stable for this component; a new attempt (after a failed load) loads again.
  }, [publicKey, attempt]);

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
