import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { Promotion } from '@store/contract/loyalty/promotions';
import { Modal } from '../../../components/modal';
import { FormAlert } from '../../../components/form-fields';
import {
  CardPaymentFields,
  CardTokenError,
  cardTokenOf,
  type CardTokenizer,
} from '../../../components/card-payment/card-payment-fields';
import { ApiError } from '../../../api/client';
import { stateBinding } from '../../../lib/form-binding';
import {
  cardErrors,
  newIdempotencyKey,
  type CardField,
  type CardToken,
} from '../../../lib/checkout-logic';
import { useFormatPrice } from '../../../lib/money';
import { usePurchasePromotion } from '../api/purchase-promotion';

const EMPTY: Record<CardField, string> = {
  card_holder: '',
  card_number: '',
  card_expiry: '',
  card_cvc: '',
  card_installments: '1',
};

/**
 * A money-priced promotion bought by card, with the checkout's own card form (Mercado Pago's
 * secure fields or the sandbox's test cards). The server charges the promotion's price; one
 * Idempotency-Key per attempt, and a token whose answer never came is sent again as it was, so a
 * retry is charged once.
 */
export function CardPurchaseDialog({
  programUid,
  promotion,
  holder,
  onClose,
}: {
  programUid: string;
  promotion: Promotion;
  /** The member's name, to start the holder field with. */
  holder: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const price = useFormatPrice();
  const methods = promotion.card_methods ?? [];
  const [methodUid, setMethodUid] = useState(methods[0]?.uid ?? '');
  const method = methods.find((m) => m.uid === methodUid);
  const [values, setValues] = useState({ ...EMPTY, card_holder: holder });
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const tokenizer = useRef<CardTokenizer | null>(null);
  const salt = useRef(newIdempotencyKey().replace(/-/g, ''));
  const attempt = useRef<{ key: string; card: CardToken } | null>(null);
  const purchase = usePurchasePromotion(programUid, promotion.uid);
  const amount = price(promotion.price ?? '0');

  const binding = stateBinding<CardField>(
    values,
    (field, value) => {
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => ({ ...e, [field]: undefined }));
    },
    (field) => errors[field],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!method || purchase.isPending) return;
    setGeneral([]);
    const found = cardErrors(values, method.provider);
    setErrors(found);
    if (Object.keys(found).length) return;
    let card: CardToken;
    try {
      card = attempt.current?.card ?? (await cardTokenOf(method, values, tokenizer, salt.current));
    } catch (error) {
      if (error instanceof CardTokenError && error.reason === 'unavailable')
        setGeneral([t('checkout.cardFormUnavailable')]);
      else setErrors({ card_number: t('checkout.cardCheck') });
      return;
    }
    const key = attempt.current?.key ?? newIdempotencyKey();
    try {
      const unit = await purchase.mutateAsync({
        body: { payment_method: method.uid, card },
        idempotencyKey: key,
      });
      attempt.current = null;
      if (unit.status === 'PENDING') toast.info(t('programs.cardPurchase.inProcess'));
      else toast.success(t('programs.cardPurchase.paid'));
      onClose();
    } catch (error) {
      // No answer (network, 5xx): the same token and key again, so the card is charged once.
      if (!(error instanceof ApiError && error.status < 500)) attempt.current = { key, card };
      else {
        attempt.current = null;
        // A used token cannot be sent twice: the sandbox makes a new one next time.
        salt.current = newIdempotencyKey().replace(/-/g, '');
      }
      if (error instanceof ApiError && error.status === 400) {
        const fields = error.fieldErrors;
        const rest = Object.entries(fields)
          .filter(([field]) => !(field in EMPTY))
          .flatMap(([, messages]) => messages);
        setGeneral(rest.length ? rest : [t('checkout.fixErrors')]);
      } else setGeneral([t('checkout.genericError')]);
    }
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="activation">
      <form
        className="activation__body card-purchase"
        data-testid="card-purchase"
        onSubmit={submit}
        noValidate
      >
        <h2 id={titleId} className="activation__title">
          {t('programs.cardPurchase.title')}
        </h2>
        <p className="activation__promo">{promotion.name}</p>
        <dl className="purchase-confirm__figures">
          <div>
            <dt>{t('programs.cardPurchase.price')}</dt>
            <dd data-testid="card-purchase-price">{amount}</dd>
          </div>
        </dl>
        {methods.length === 0 ? (
          <FormAlert messages={[t('programs.cardPurchase.noMethods')]} />
        ) : null}
        {methods.length > 1 ? (
          <label className="form-field">
            <span className="form-field__label">{t('programs.cardPurchase.method')}</span>
            <select
              className="form-field__control"
              value={methodUid}
              onChange={(e) => setMethodUid(e.target.value)}
            >
              {methods.map((m) => (
                <option key={m.uid} value={m.uid}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {method ? (
          <CardPaymentFields
            method={method}
            binding={binding}
            tokenizer={tokenizer}
            amount={promotion.price ?? null}
          />
        ) : null}
        <FormAlert messages={general} />
        <div className="activation__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={!method || purchase.isPending}
          >
            {purchase.isPending
              ? t('programs.cardPurchase.paying')
              : t('programs.cardPurchase.pay', { price: amount })}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('programs.cardPurchase.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
