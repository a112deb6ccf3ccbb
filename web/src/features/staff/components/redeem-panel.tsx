import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorMessages } from '@store/contract/messages';
import { redemptionNeedsPresence, type Promotion } from '@store/contract/loyalty/promotions';
import {
  staffPromotionQuery,
  staffRedemptionInput,
  type StaffClient,
} from '@store/contract/staff/schemas';
import { staffMessages } from '@store/contract/staff/messages';
import { useFormFeedback } from '../../../lib/use-form-feedback';
import { useFormatPrice } from '../../../lib/money';
import { OptionalFact } from './fact';
import { FormAlert, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { findPromotion } from '../api/find-promotion';
import { useClientPromotions } from '../api/get-client-promotions';
import { useRedeem } from '../api/redeem';
import { exceedsMaximum } from '../logic';
import { useErrorText } from '../../../lib/error-text';
import { useStaff } from './staff-context';
import { canUseCamera, QrScan } from './qr-scan';
import { ActionPanel } from './action-panel';
import type { Proof } from './proof';

/** Redeem for the client: one of the company's promotions (listed with the client's state) or one found by its code. */
export function RedeemPanel({ client, proof }: { client: StaffClient; proof: Proof }) {
  const { t } = useTranslation();
  const promotions = useClientPromotions(client.uid);
  const [selected, setSelected] = useState<Promotion | null>(null);
  // The promotion QR the client showed proves them present for that promotion (once).
  const [shownQr, setShownQr] = useState<string | null>(null);
  const choose = (promotion: Promotion | null, qr: string | null = null) => {
    setSelected(promotion);
    setShownQr(qr);
  };

  return (
    <ActionPanel title={t('staff.redeemTitle')} wide>
      <PromotionCodeSearch client={client} onFound={choose} />
      {selected ? (
        <RedeemForm
          key={selected.uid}
          client={client}
          promotion={selected}
          proof={shownQr ? { value: shownQr, used: () => setShownQr(null) } : proof}
          byShownQr={shownQr !== null}
          onDone={() => choose(null)}
        />
      ) : promotions.isPending ? (
        <Loading />
      ) : promotions.isError ? (
        <FormAlert messages={[t('staff.fetchError')]} />
      ) : promotions.data.length === 0 ? (
        <p className="staff-muted">{t('staff.noPromotions')}</p>
      ) : (
        <ul className="staff-promotions" aria-label={t('staff.promotions')}>
          {promotions.data.map((p) => (
            <li key={p.uid} className="staff-promotion" data-promotion={p.name}>
              <span className="staff-promotion__name">
                <strong>{p.name}</strong>
                <small>
                  {t(`staff.kind_${p.kind}`)} · <PromotionState state={p.state} />
                </small>
              </span>
              <button type="button" className="button button--ghost" onClick={() => choose(p)}>
                {t('staff.choose')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </ActionPanel>
  );
}

function PromotionState({ state }: { state: Promotion['state'] }) {
  const { t } = useTranslation();
  return (
    <span className={`staff-state staff-state--${state}`}>{t(`staff.promoState_${state}`)}</span>
  );
}

const codeSchema = staffPromotionQuery.pick({ code: true });

function PromotionCodeSearch({
  client,
  onFound,
}: {
  client: StaffClient;
  onFound: (promotion: Promotion, shownQr: string | null) => void;
}) {
  const { t } = useTranslation();
  const stm = useErrorText();
  const form = useForm({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });
  const { general, setGeneral, showError } = useFormFeedback(
    form.setError,
    ['code'],
    errorMessages.fetchFailed,
  );
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setGeneral([]);
    try {
      const found = await findPromotion(code, client.uid);
      // A coupon code or promotion QR names its member: it must be the client on the card.
      if (found.client && found.client.uid !== client.uid)
        return setGeneral([t('staff.codeOfOtherClient')]);
      // A promotion QR (not a coupon code) is the client's proof of presence for this redemption.
      onFound(found.promotion, /^[pk]1\./.test(code.trim()) ? code.trim() : null);
      form.reset({ code: '' });
    } catch (error) {
      showError(error);
    }
  });
  const e = form.formState.errors;
  const [camera, setCamera] = useState(false);
  return (
    <>
      {camera ? (
        <QrScan
          onClose={() => setCamera(false)}
          onCode={(code) => {
            setCamera(false);
            form.setValue('code', code);
            void onSubmit();
          }}
        />
      ) : null}
      <form onSubmit={onSubmit} noValidate className="staff-form staff-form--inline">
        <TextField
          label={t('staff.promotionCode')}
          hint={t('staff.promotionCodeHint')}
          autoComplete="off"
          error={e.code?.message && stm(e.code.message)}
          {...form.register('code')}
        />
        <FormAlert messages={general.map(stm)} />
        <div className="staff-form__buttons">
          <button
            type="submit"
            className="button button--ghost"
            disabled={form.formState.isSubmitting}
          >
            {t('staff.findPromotion')}
          </button>
          {!camera && canUseCamera() ? (
            <button type="button" className="button button--ghost" onClick={() => setCamera(true)}>
              {t('staff.scanWithCamera')}
            </button>
          ) : null}
        </div>
      </form>
    </>
  );
}

/** The promotion with the labels the spec gives staff, and the amount of the consumption. */
function RedeemForm({
  client,
  promotion,
  proof,
  byShownQr,
  onDone,
}: {
  client: StaffClient;
  promotion: Promotion;
  proof: Proof;
  /** The promotion was found by the QR the client shows: it goes as the proof. */
  byShownQr: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const stm = useErrorText();
  const price = useFormatPrice();
  const { placeUid } = useStaff();
  const membership = client.memberships.find((m) => m.program_uid === promotion.program);
  const schema = z.object({ amount: z.string() }).superRefine(({ amount }, ctx) => {
    if (!amount.trim()) return;
    const checked = staffRedemptionInput.shape.amount.safeParse(amount);
    if (!checked.success)
      return ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: checked.error.issues[0].message,
      });
    if (exceedsMaximum(amount, promotion.max_amount))
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: staffMessages.amountExceedsMaximum,
      });
  });
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { amount: '' } });
  const { general, setGeneral, showError } = useFormFeedback(
    form.setError,
    ['amount'],
    errorMessages.updateFailed,
  );
  const redeem = useRedeem();
  const onSubmit = form.handleSubmit(async ({ amount }) => {
    setGeneral([]);
    if (!placeUid) return setGeneral([t('staff.choosePlace')]);
    try {
      const result = await redeem.mutateAsync({
        client_uid: client.uid,
        promotion_uid: promotion.uid,
        place_uid: placeUid,
        amount: amount.trim() || undefined,
        proof: proof.value,
      });
      // What the client owns or is limited to was used up with the proof: it is spent now.
      if (redemptionNeedsPresence(promotion)) proof.used();
      // A gift card's credit is what the cashier must tell the client, so it goes in the confirmation.
      toast.success(
        result.gift_card_amount
          ? t('staff.redeemedGiftCard', {
              name: promotion.name,
              amount: price(result.gift_card_amount),
            })
          : t('staff.redeemed', { name: promotion.name }),
      );
      onDone();
    } catch (error) {
      showError(error);
    }
  });
  const e = form.formState.errors;
  return (
    <div className="staff-redeem" data-testid="staff-redeem">
      <div className="staff-redeem__head">
        <h4 className="staff-panel__subtitle">{promotion.name}</h4>
        <PromotionState state={promotion.state} />
      </div>
      {promotion.description ? <p className="staff-muted">{promotion.description}</p> : null}
      <dl className="staff-facts">
        <OptionalFact label={t('staff.kind')} value={t(`staff.kind_${promotion.kind}`)} />
        <OptionalFact
          label={t('staff.rateDiscount')}
          value={promotion.rate_discount !== null ? `${promotion.rate_discount} %` : null}
        />
        <OptionalFact
          label={t('staff.fixedDiscount')}
          value={promotion.fixed_discount !== null ? price(promotion.fixed_discount) : null}
        />
        <OptionalFact
          label={t('staff.gift')}
          value={promotion.kind === 'GIFT' ? promotion.name : null}
        />
        <OptionalFact
          label={t('staff.specialPrice')}
          value={promotion.special_price !== null ? price(promotion.special_price) : null}
        />
        <OptionalFact
          label={t('staff.giftCardCredit')}
          value={promotion.gift_card_amount !== null ? price(promotion.gift_card_amount) : null}
        />
        <OptionalFact
          label={t('staff.stampsRequiredAvailable')}
          value={
            promotion.stamps_required !== null
              ? `${promotion.stamps_required} / ${membership?.stamps ?? 0}`
              : null
          }
        />
        <OptionalFact
          label={t('staff.redemptionLimit')}
          value={
            promotion.limit_per_member !== null
              ? `${promotion.member_uses} / ${promotion.limit_per_member}`
              : null
          }
        />
        <OptionalFact
          label={t('staff.maxAmount')}
          value={promotion.max_amount !== null ? price(promotion.max_amount) : null}
        />
        <OptionalFact
          label={t('staff.stock')}
          value={promotion.stock === null ? t('staff.unlimited') : promotion.stock}
        />
        <OptionalFact label={t('staff.coinPrice')} value={promotion.coin_price || null} />
      </dl>
      <form onSubmit={onSubmit} noValidate className="staff-form staff-form--inline">
        <TextField
          label={t('staff.amount')}
          inputMode="decimal"
          autoComplete="off"
          hint={
            promotion.max_amount !== null
              ? t('staff.amountHintMax', { max: price(promotion.max_amount) })
              : t('staff.amountHint')
          }
          error={e.amount?.message && stm(e.amount.message)}
          {...form.register('amount')}
        />
        {byShownQr ? (
          <p className="staff-muted" data-testid="staff-proof-shown-qr">
            {t('staff.proofByShownQr')}
          </p>
        ) : null}
        <FormAlert messages={general.map(stm)} />
        <div className="staff-form__buttons">
          <button type="submit" className="button button--primary" disabled={redeem.isPending}>
            {redeem.isPending ? t('staff.saving') : t('staff.redeemSubmit')}
          </button>
          <button type="button" className="button button--ghost" onClick={onDone}>
            {t('staff.back')}
          </button>
        </div>
      </form>
    </div>
  );
}
