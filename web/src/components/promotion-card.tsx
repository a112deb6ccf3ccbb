import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Promotion, PromotionState } from '@store/contract/loyalty/promotions';
import { promotionValue } from '../lib/loyalty';
import { useFormatPrice } from '../lib/money';

/**
 * A promotion as members see it in the program's grid. Shared code because two areas show it:
 * the program page, and the back office's preview of the promotion being edited.
 */
export function StateBadge({ state }: { state: PromotionState }) {
  const { t } = useTranslation();
  return (
    <span className={`promo-state promo-state--${state}`}>{t(`programs.states.${state}`)}</span>
  );
}

/** What a promotion gives ("20% dscto.", "A S/ 12.00", "Regalo"). */
export function usePromotionValue(): (p: Promotion) => string {
  const { t } = useTranslation();
  const price = useFormatPrice();
  return (p) => {
    const value = promotionValue(p);
    switch (value.key) {
      case 'rate':
        return t('programs.value.rate', { value: value.value });
      case 'stamps':
        return t('programs.value.stamps', { value: value.value });
      case 'gift':
        return t('programs.value.gift');
      default:
        return t(`programs.value.${value.key}`, { value: price(value.value) });
    }
  };
}

/** `to`: the promotion's page; without it (a preview) the card is not a link. */
export function PromotionCard({ promotion, to }: { promotion: Promotion; to?: string }) {
  const { t } = useTranslation();
  const valueOf = usePromotionValue();
  const formatPrice = useFormatPrice();
  const body = (
    <>
      <span className="promo-card__media">
        {promotion.image ? (
          <img src={promotion.image} alt="" loading="lazy" />
        ) : (
          <span className="promo-card__value-big">{valueOf(promotion)}</span>
        )}
        {promotion.featured ? (
          <span className="promo-card__featured">{t('programs.featuredBadge')}</span>
        ) : null}
      </span>
      <span className="promo-card__body">
        {promotion.image ? <span className="promo-card__value">{valueOf(promotion)}</span> : null}
        <strong className="promo-card__name">{promotion.name}</strong>
        <span className="promo-card__foot">
          <StateBadge state={promotion.state} />
          <span className="promo-card__price">
            {promotion.price != null
              ? formatPrice(promotion.price)
              : promotion.coin_price > 0
                ? t('programs.coinPrice', { count: promotion.coin_price })
                : t('programs.free')}
          </span>
        </span>
      </span>
    </>
  );
  return to ? (
    <Link to={to} className="promo-card" data-promotion={promotion.name}>
      {body}
    </Link>
  ) : (
    <div className="promo-card" data-promotion={promotion.name}>
      {body}
    </div>
  );
}
