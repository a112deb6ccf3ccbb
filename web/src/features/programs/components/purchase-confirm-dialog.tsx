import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Promotion } from '@store/contract/loyalty/promotions';
import { Modal } from '../../../components/modal';

/**
 * Coins spent on a promotion do not come back: before buying, the member sees the price, the
 * balance now and the balance after, and confirms. The purchase runs only on "yes".
 */
export function PurchaseConfirmDialog({
  promotion,
  coins,
  busy,
  onConfirm,
  onClose,
}: {
  promotion: Promotion;
  /** The member's coins now. */
  coins: number;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const price = promotion.coin_price;
  // A second tap before the first one's answer would buy a second unit.
  const sent = useRef(false);
  const confirm = () => {
    if (sent.current) return;
    sent.current = true;
    onConfirm();
  };
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="activation">
      <div className="activation__body" data-testid="purchase-confirm">
        <h2 id={titleId} className="activation__title">
          {t('programs.purchaseConfirm.title')}
        </h2>
        <p className="activation__promo">{promotion.name}</p>
        <dl className="purchase-confirm__figures">
          <div>
            <dt>{t('programs.purchaseConfirm.price')}</dt>
            <dd data-testid="purchase-price">{t('catalog.coins', { count: price })}</dd>
          </div>
          <div>
            <dt>{t('programs.purchaseConfirm.balance')}</dt>
            <dd>{t('catalog.coins', { count: coins })}</dd>
          </div>
          <div>
            <dt>{t('programs.purchaseConfirm.after')}</dt>
            <dd data-testid="purchase-after">
              {t('catalog.coins', { count: Math.max(0, coins - price) })}
            </dd>
          </div>
        </dl>
        <p className="activation__text">{t('programs.purchaseConfirm.text')}</p>
        <div className="activation__actions">
          <button
            type="button"
            className="button button--primary"
            data-autofocus
            disabled={busy}
            onClick={confirm}
          >
            {busy ? t('programs.purchasing') : t('programs.purchaseConfirm.yes', { count: price })}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('programs.purchaseConfirm.no')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
