import { useRef, useState, type FormEvent } from 'react';
import type { NavigateFunction } from 'react-router';
import type { UseFormReturn } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { toast } from 'react-toastify';
import type { OrderQuote } from '@store/contract/orders/schemas';
import { ApiError } from '../../api';
import type { CurrentCompany } from '../../lib/current-company';
import { commitCart } from '../../lib/cart-store';
import type { StoredCart } from '../../lib/cart-logic';
import { clearStoredCoupon } from '../../lib/coupon-store';
import { forgetInfluencerUid, readInfluencerUid } from '../../lib/influencer';
import {
  attemptFor,
  buildOrderBody,
  fieldOfServerPath,
  newIdempotencyKey,
  priceChangeOf,
  shippingPart,
  type Attempt,
  type CardToken,
  type CheckoutValues,
  type PaymentType,
} from '../../lib/checkout-logic';
import {
  CardTokenError,
  cardTokenOf,
  type CardTokenizer,
} from '../../components/card-payment/card-payment-fields';
import type { YapeTokenizer } from '../../components/card-payment/yape-fields';
import { failureMessagesOf } from './error-messages';
import type { useDeliveryFare } from './api/estimate-fare';
import { usePlaceOrder } from './api/place-order';
import type { useOrderQuote } from './api/quote-order';
import { deliveryPointPending } from './components/delivery-gate';
import type { PriceChange } from './components/price-change-dialog';
import type { ReceiptReader } from './components/receipt-section';
import type { useCheckoutDraft } from './use-checkout-draft';
import type { CouponState } from './use-coupon';

type SubmitInputs = {
  form: UseFormReturn<CheckoutValues>;
  t: TFunction;
  navigate: NavigateFunction;
  company: CurrentCompany;
  placeUid: string | null;
  cart: StoredCart | null;
  products: Parameters<typeof useOrderQuote>[0]['products'];
  coinsCart: boolean;
  coupon: CouponState['coupon'];
  fare: ReturnType<typeof useDeliveryFare>;
  draft: ReturnType<typeof useCheckoutDraft>;
  priceNow: ReturnType<typeof useOrderQuote>['priceNow'];
  replaceShown: ReturnType<typeof useOrderQuote>['replaceShown'];
  typeOf: (uid: string) => PaymentType | null;
  providerOf: (uid: string) => string | null;
};

/**
 * Sending the order: priced at once (or at the total the member confirmed), the card or Yape
 * token made, one Idempotency-Key per attempt, then the order page; a 400 lands on the fields,
 * a price change asks again, a lost answer keeps the token for the retry.
 */
export function useCheckoutSubmit({
  form,
  t,
  navigate,
  company,
  placeUid,
  cart,
  products,
  coinsCart,
  coupon,
  fare,
  draft,
  priceNow,
  replaceShown,
  typeOf,
  providerOf,
}: SubmitInputs) {
  const { setError } = form;
  const placement = usePlaceOrder();
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const attemptRef = useRef<Attempt | null>(null);
  const tokenSalt = useRef(newIdempotencyKey().replace(/-/g, ''));
  const tokenizer = useRef<CardTokenizer | null>(null);
  // A Mercado Pago token whose order answer never came (network): a retry sends it again, so the
  // same body keeps the same Idempotency-Key and the card is charged once.
  const unansweredCard = useRef<CardToken | null>(null);
  const yapeTokenizer = useRef<YapeTokenizer | null>(null);
  const receiptReader = useRef<ReceiptReader | null>(null);
  const unansweredYape = useRef<{ token: string } | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const [priceChange, setPriceChange] = useState<PriceChange | null>(null);
  const confirmedTotal = useRef<string | null>(null);

  /** A 400 answer on the form: each field's message on its field, the rest above the button. */
  const showRefusal = (error: ApiError) => {
    const rest: string[] = [];
    for (const [path, messages] of Object.entries(error.fieldErrors)) {
      const field = fieldOfServerPath[path];
      if (field) setError(field, { type: 'server', message: messages[0] });
      else rest.push(...messages);
    }
    setGeneral(rest.length ? rest : [t('checkout.fixErrors')]);
  };

  const send = async (form: CheckoutValues) => {
    if (!placeUid || !cart) return;
    setGeneral([]);
    if (deliveryPointPending(form.shipping_type, fare)) return;
    const body0 = shippingPart(form);
    if (!body0) return;
    let expected = confirmedTotal.current;
    let expectedCoins: number | undefined;
    if (!expected || coinsCart) {
      const usedCoupon = coinsCart ? null : (coupon?.code ?? null);
      try {
        const priced = await priceNow(placeUid, { ...body0, products, coupon: usedCoupon });
        expected = priced.total;
        expectedCoins = priced.coin_total;
      } catch (error) {
        // Pricing refused the order as filled (a point out of range, a closed slot): say why.
        if (error instanceof ApiError && error.status === 400) showRefusal(error);
        else setGeneral(failureMessagesOf(error, t('checkout.genericError')));
        return;
      }
    }
    const paymentType = typeOf(form.payment_method);
    let card: CardToken | undefined;
    if (paymentType === 'ONLINE_CARD') {
      try {
        card =
          unansweredCard.current ??
          (await cardTokenOf(
            { provider: providerOf(form.payment_method) },
            form,
            tokenizer,
            tokenSalt.current,
          ));
      } catch (error) {
        if (error instanceof CardTokenError && error.reason === 'unavailable') {
          setGeneral([t('checkout.cardFormUnavailable')]);
        } else {
          setError('card_number', { type: 'provider', message: t('checkout.cardCheck') });
          setGeneral([t('checkout.fixErrors')]);
        }
        return;
      }
    }
    // Coins orders take no receipt (nothing is sold for money).
    const receipt = coinsCart ? undefined : (receiptReader.current?.() ?? null);
    if (receipt === null) {
      setGeneral([t('checkout.fixErrors')]);
      return;
    }
    let yape: { token: string } | undefined;
    if (paymentType === 'YAPE') {
      // A retry after a lost answer sends the same token (the code is good for one payment).
      yape = unansweredYape.current ?? undefined;
      if (!yape) {
        if (!yapeTokenizer.current) {
          setGeneral([t('checkout.yapeFormUnavailable')]);
          return;
        }
        try {
          const made = await yapeTokenizer.current();
          if (!made) {
            setGeneral([t('checkout.fixErrors')]);
            return;
          }
          yape = made;
        } catch {
          setGeneral([t('checkout.yapeCheck')]);
          return;
        }
      }
    }
    unansweredCard.current = null;
    unansweredYape.current = null;
    const built = buildOrderBody(form, products, {
      expectedTotal: expected,
      coupon: coinsCart ? null : (coupon?.code ?? null),
      paymentType,
      influencerUid: readInfluencerUid(),
      card,
      yape,
      receipt,
    });
    const body = coinsCart ? { ...built, expected_coin_total: expectedCoins } : built;
    const attempt = attemptFor(attemptRef.current, body, newIdempotencyKey);
    attemptRef.current = attempt;
    try {
      const order = await placement.mutateAsync({ placeUid, body, idempotencyKey: attempt.key });
      confirmedTotal.current = null;
      draft.forget();
      await commitCart({ place: placeUid, products: [] }).catch(() => undefined);
      clearStoredCoupon(company.uid);
      if (body.influencer_uid) forgetInfluencerUid();
      toast.success(t('checkout.orderPlaced', { number: order.number }));
      navigate(`${company.prefix}/orders/${order.uid}`, { replace: true });
    } catch (error) {
      confirmedTotal.current = null;
      if (error instanceof ApiError) {
        const change = priceChangeOf<OrderQuote>(error.status, error.body);
        if (change) {
          setPriceChange({ ...change, previous: body.expected_total });
          replaceShown(change.quote);
          return;
        }
        if (error.status === 400) {
          showRefusal(error);
          return;
        }
      }
      if (card && !(error instanceof ApiError && error.status < 500)) unansweredCard.current = card;
      if (yape && !(error instanceof ApiError && error.status < 500)) unansweredYape.current = yape;
      setGeneral(failureMessagesOf(error, t('checkout.genericError')));
    }
  };

  const onSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    // A second click while the first is on its way does nothing (the key would make it harmless anyway).
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    void form
      .handleSubmit(send, () => setGeneral([t('checkout.fixErrors')]))()
      .finally(() => {
        sendingRef.current = false;
        setSending(false);
      });
  };

  const confirmNewPrices = () => {
    if (!priceChange) return;
    confirmedTotal.current = priceChange.quote.total;
    setPriceChange(null);
    onSubmit();
  };

  return {
    sending,
    general,
    priceChange,
    setPriceChange,
    onSubmit,
    confirmNewPrices,
    tokenizer,
    yapeTokenizer,
    receiptReader,
  };
}
