import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { MemberProgram } from '@store/contract/loyalty/programs';
import type { Promotion } from '@store/contract/loyalty/promotions';
import { useMe } from '../../../api/get-me';
import { useMemberProgram } from '../../../api/get-member-program';
import { useGetCouponCode } from '../api/get-coupon-code';
import { usePromotion } from '../api/get-promotion';
import { usePromotionPlaces } from '../api/get-promotion-places';
import { useRedemptions } from '../api/get-redemptions';
import { useRelatedPromotions } from '../api/get-related-promotions';
import { usePurchasePromotion } from '../api/purchase-promotion';
import { blockedMessage, promotionActions } from '../../../lib/loyalty';
import { useErrorText } from '../../../lib/error-text';
import { useFormatPrice } from '../../../lib/money';
import { useCurrentCompany } from '../../../lib/current-company';
import { Loading } from '../../../components/loading';
import { ActivationDialog } from './activation-dialog';
import { PurchaseConfirmDialog } from './purchase-confirm-dialog';
import { CardPurchaseDialog } from './card-purchase-dialog';
import {
  ErrorAlert,
  FetchError,
  isNotFound,
  ProgramNotFound,
  PromotionCard,
  Section,
  StateBadge,
  useLoyaltyErrors,
  usePromotionValue,
} from './parts';
import '../../../styles/programs.css';
import { formatInstant } from '../../../lib/format';

/** /program/{p}/promotions/{uid}: the promotion with the member's state and what can be done with it. */
export function PromotionPage() {
  const { programUid = '', promotionUid = '' } = useParams();
  const company = useCurrentCompany();
  const program = useMemberProgram(programUid);
  const promotion = usePromotion(programUid, promotionUid);
  if (program.isPending || promotion.isPending) return <Loading />;
  if (program.isError)
    return isNotFound(program.error) ? (
      <ProgramNotFound />
    ) : (
      <FetchError onRetry={() => void program.refetch()} />
    );
  if (promotion.isError)
    return isNotFound(promotion.error) ? (
      <ProgramNotFound promotion />
    ) : (
      <FetchError onRetry={() => void promotion.refetch()} />
    );
  return (
    <PromotionView
      key={promotionUid}
      program={program.data}
      promotion={promotion.data}
      prefix={company.prefix}
    />
  );
}

function PromotionView({
  program,
  promotion,
  prefix,
}: {
  program: MemberProgram;
  promotion: Promotion;
  prefix: string;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const price = useFormatPrice();
  const valueOf = usePromotionValue();
  const errorsOf = useLoyaltyErrors();
  const [activating, setActivating] = useState(false);
  const [confirmingPurchase, setConfirmingPurchase] = useState(false);
  const [buyingByCard, setBuyingByCard] = useState(false);
  const actions = promotionActions(promotion, program.balances, program.is_member);
  const blocked = blockedMessage(promotion.state);
  const date = (iso: string) =>
    formatInstant(iso, i18n.language, {
      dateStyle: 'long',
    });
  const programPath = `${prefix}/program/${program.uid}`;

  // Units the member holds (bought or with a code), shown with their codes: not to a session made
  // with the document number alone until it steps up (the codes spend the units).
  const limited = useMe().data?.limited_session ?? false;
  const held = useRedemptions(
    program.uid,
    { promotion: promotion.uid, status: 'ACTIVE' },
    { enabled: program.is_member && !limited },
  );
  const heldUnits = held.data?.pages.flatMap((page) => page.results) ?? [];

  const purchase = usePurchasePromotion(program.uid, promotion.uid, {
    onSuccess: () => {
      setConfirmingPurchase(false);
      toast.success(t('programs.purchased'));
    },
    // The refusal shows on the page, under the button, once the dialog is gone.
    onError: () => setConfirmingPurchase(false),
  });
  const code = useGetCouponCode(program.uid, promotion.uid);
  const busy = purchase.isPending || code.isPending;
  const failure = purchase.isError ? purchase.error : code.isError ? code.error : null;

  return (
    <div className="program promotion" data-state={promotion.state}>
      <Link className="program__back" to={programPath}>
        ← {t('programs.backToProgram')}
      </Link>
      <article className="promotion__main">
        <div className="promotion__media">
          {promotion.image ? (
            <img src={promotion.image} alt="" />
          ) : (
            <span className="promo-card__value-big">{valueOf(promotion)}</span>
          )}
        </div>
        <div className="promotion__info">
          {promotion.image ? <p className="promotion__value">{valueOf(promotion)}</p> : null}
          <h1 className="promotion__title">{promotion.name}</h1>
          <StateBadge state={promotion.state} />
          {promotion.description ? (
            <p className="promotion__description">{promotion.description}</p>
          ) : null}
          <ul className="promotion__facts">
            <li>
              {promotion.price !== null
                ? t('programs.moneyPrice', { price: price(promotion.price) })
                : promotion.coin_price > 0
                  ? t('programs.coinPrice', { count: promotion.coin_price })
                  : t('programs.free')}
            </li>
            {promotion.stock !== null ? (
              <li>{t('programs.stockLeft', { count: promotion.stock })}</li>
            ) : null}
            {promotion.limit_per_member !== null ? (
              <li>
                {t('programs.limitPerMember', { count: promotion.limit_per_member })}
                {promotion.member_uses > 0
                  ? ` · ${t('programs.usedTimes', { count: promotion.member_uses, limit: promotion.limit_per_member })}`
                  : null}
              </li>
            ) : null}
            {promotion.max_amount !== null ? (
              <li>{t('programs.maxAmount', { value: price(promotion.max_amount) })}</li>
            ) : null}
            {promotion.ends_at ? (
              <li>
                {promotion.state === 'no_longer_usable'
                  ? t('programs.endedOn', { date: date(promotion.ends_at) })
                  : t('programs.validUntil', { date: date(promotion.ends_at) })}
              </li>
            ) : null}
          </ul>

          <div className="promotion__actions" aria-live="polite">
            {!program.is_member ? (
              <p className="form-alert form-alert--info">
                {t('programs.joinToUse')} <Link to={programPath}>{t('programs.join')}</Link>
              </p>
            ) : blocked ? (
              <p className="form-alert form-alert--info" data-testid="blocked-message">
                {errorText(blocked)}
              </p>
            ) : null}
            {heldUnits.length > 0 ? (
              <div className="code-card" data-testid="held-code">
                <span className="code-card__label">{t('programs.yourCode')}</span>
                {heldUnits.map((unit) => (
                  <strong key={unit.uid} className="code-card__code">
                    {unit.code}
                  </strong>
                ))}
                <span className="code-card__hint">{t('programs.codeHint')}</span>
              </div>
            ) : code.data ? (
              <div className="code-card" data-testid="held-code">
                <span className="code-card__label">{t('programs.yourCode')}</span>
                <strong className="code-card__code">{code.data.code}</strong>
                <span className="code-card__hint">{t('programs.codeHint')}</span>
              </div>
            ) : null}
            {actions.coinsMissing > 0 ? (
              <p className="promotion__missing" role="status">
                {t('programs.coinsMissing', { count: actions.coinsMissing })}
              </p>
            ) : null}
            {actions.stampsMissing > 0 ? (
              <p className="promotion__missing" role="status">
                {t('programs.stampsMissing', { count: actions.stampsMissing })}
              </p>
            ) : null}
            {failure ? <ErrorAlert messages={errorsOf(failure)} /> : null}
            <div className="promotion__buttons">
              {actions.activate ? (
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy}
                  onClick={() => setActivating(true)}
                >
                  {t('programs.activate')}
                </button>
              ) : null}
              {promotion.coin_price > 0 &&
              program.is_member &&
              promotion.state === 'not_acquired' ? (
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy || !actions.purchase}
                  onClick={() => setConfirmingPurchase(true)}
                >
                  {purchase.isPending
                    ? t('programs.purchasing')
                    : t('programs.purchase', { count: promotion.coin_price })}
                </button>
              ) : null}
              {actions.buyByCard && promotion.price !== null ? (
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy}
                  onClick={() => setBuyingByCard(true)}
                >
                  {t('programs.buyByCard', { price: price(promotion.price) })}
                </button>
              ) : null}
              {actions.getCode ? (
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy}
                  onClick={() => code.mutate()}
                >
                  {code.isPending ? t('programs.gettingCode') : t('programs.getCode')}
                </button>
              ) : null}
            </div>
          </div>
        </div>
      </article>
      <PromotionPlaces promotionUid={promotion.uid} />
      <RelatedPromotions programUid={program.uid} promotionUid={promotion.uid} prefix={prefix} />
      {confirmingPurchase ? (
        <PurchaseConfirmDialog
          promotion={promotion}
          coins={program.balances.coins}
          busy={purchase.isPending}
          onConfirm={() => purchase.mutate()}
          onClose={() => setConfirmingPurchase(false)}
        />
      ) : null}
      {buyingByCard ? (
        <CardPurchaseDialog
          programUid={program.uid}
          promotion={promotion}
          holder=""
          onClose={() => setBuyingByCard(false)}
        />
      ) : null}
      {activating ? (
        <ActivationDialog
          programUid={program.uid}
          promotion={promotion}
          prefix={prefix}
          onClose={() => setActivating(false)}
        />
      ) : null}
    </div>
  );
}

function PromotionPlaces({ promotionUid }: { promotionUid: string }) {
  const { t } = useTranslation();
  const places = usePromotionPlaces(promotionUid);
  return (
    <Section title={t('programs.places')} id="lugares">
      {places.isPending ? (
        <Loading />
      ) : places.isError ? (
        <p className="program-note">{t('programs.fetchError')}</p>
      ) : places.data.results.length === 0 ? (
        <p className="program-note">{t('programs.noPlaces')}</p>
      ) : (
        <ul className="place-list">
          {places.data.results.map((place) => (
            <li key={place.uid}>
              <strong>{place.name}</strong>
              <span>{place.address}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function RelatedPromotions({
  programUid,
  promotionUid,
  prefix,
}: {
  programUid: string;
  promotionUid: string;
  prefix: string;
}) {
  const { t } = useTranslation();
  const related = useRelatedPromotions(programUid, promotionUid);
  if (!related.data || related.data.length === 0) return null;
  return (
    <Section title={t('programs.related')} id="relacionadas">
      <ul className="promo-grid promo-grid--row">
        {related.data.map((promotion) => (
          <li key={promotion.uid}>
            <PromotionCard
              promotion={promotion}
              to={`${prefix}/program/${programUid}/promotions/${promotion.uid}`}
            />
          </li>
        ))}
      </ul>
    </Section>
  );
}
