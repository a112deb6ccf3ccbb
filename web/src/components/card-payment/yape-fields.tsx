import { useEffect, useId, useRef, useState, type MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, TextField } from '../form-fields';
import { loadMercadoPago } from './load-sdk';

/**
 * Makes the Yape token from the phone and code typed: null when they are not valid (the fields
 * then say why); rejects when Mercado Pago could not make it.
 */
export type YapeTokenizer = () => Promise<{ token: string } | null>;

type State = 'loading' | 'ready' | 'failed';

/**
 * Yape through Mercado Pago: the payer's phone number and the approval code from the Yape app
 * ("Código de aprobación") are typed here and handed to MercadoPago.js, which answers a
 * single-use token; only that token goes to our server. Both values live in this component's
 * state only: never in the checkout form, its saved draft, or any request to us.
 */
export function YapeFields({
  publicKey,
  tokenizer,
}: {
  publicKey: string;
  tokenizer: MutableRefObject<YapeTokenizer | null>;
}) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<State>('loading');
  const [attempt, setAttempt] = useState(0);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string }>({});
  const ids = useId().replace(/:/g, '');
  // The tokenizer is made once per load: it reads and checks what is typed now through this ref.
  const readTyped = useRef<() => { phone: string; code: string } | null>(() => null);
  readTyped.current = () => {
    const cleanPhone = phone.replace(/\s+/g, '');
    const next: typeof errors = {};
    if (!/^\d{9}$/.test(cleanPhone)) next.phone = t('checkout.yapePhoneInvalid');
    if (!/^\d{6}$/.test(code.trim())) next.code = t('checkout.yapeCodeInvalid');
    setErrors(next);
    return next.phone || next.code ? null : { phone: cleanPhone, code: code.trim() };
  };

  useEffect(() => {
    let gone = false;
    setState('loading');
    loadMercadoPago()
      .then((MercadoPago) => {
        if (gone) return;
        const mp = new MercadoPago(publicKey, {
          locale: i18n.language.startsWith('en') ? 'en-US' : 'es-PE',
        });
        setState('ready');
        tokenizer.current = async () => {
          const typed = readTyped.current();
          if (!typed) return null;
          const made = await mp.yape({ phoneNumber: typed.phone, otp: typed.code }).create();
          // A code is good for one payment: the next attempt needs a new one from the app.
          setCode('');
          return { token: made.id };
        };
      })
      .catch(() => {
        if (!gone) setState('failed');
      });
    return () => {
      gone = true;
      tokenizer.current = null;
    };
    // A new attempt (after a failed load) loads again.
  }, [publicKey, attempt]);

  if (state === 'failed') {
    return (
      <div className="checkout-card">
        <FormAlert messages={[t('checkout.yapeFormUnavailable')]} />
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          {t('checkout.cardFormRetry')}
        </button>
      </div>
    );
  }
  return (
    <div className="checkout-card checkout-yape" aria-busy={state === 'loading'}>
      {state === 'loading' ? (
        <p className="checkout-note">{t('checkout.cardFormLoading')}</p>
      ) : null}
      <TextField
        id={`${ids}-phone`}
        label={t('checkout.yapePhone')}
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={11}
        value={phone}
        error={errors.phone}
        onChange={(e) => setPhone(e.target.value)}
      />
      <TextField
        id={`${ids}-code`}
        label={t('checkout.yapeCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        error={errors.code}
        onChange={(e) => setCode(e.target.value)}
      />
      <p className="checkout-note">{t('checkout.yapeHelp')}</p>
    </div>
  );
}
