import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorMessages } from '@store/contract/messages';
import type { StaffClient } from '@store/contract/staff/schemas';
import { serverFormErrors } from '../../../lib/form-errors';
import { FormAlert } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { useClientProducts } from '../api/get-client-products';
import { useRedeemProduct } from '../api/redeem-product';
import { useErrorText } from '../../../lib/error-text';
import { useStaff } from './staff-context';
import { ActionPanel } from './action-panel';
import type { Proof } from './proof';

/**
 * The place's redeemable products, paid with the client's coins (one unit per press). The
 * list and the card are read again after each redemption, so the balance shown is the
 * ledger's.
 */
export function ProductsPanel({ client, proof }: { client: StaffClient; proof: Proof }) {
  const { t } = useTranslation();
  const stm = useErrorText();
  const { placeUid } = useStaff();
  const products = useClientProducts(client.uid, placeUid);
  const redeem = useRedeemProduct();
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);

  const onRedeem = async (product: { uid: string; title: string }) => {
    if (!placeUid) return setErrors([t('staff.choosePlace')]);
    setErrors([]);
    setBusy(product.uid);
    try {
      const result = await redeem.mutateAsync({
        client_uid: client.uid,
        place_uid: placeUid,
        product_uid: product.uid,
        quantity: 1,
        proof: proof.value,
      });
      proof.used();
      toast.success(
        t('staff.productRedeemed', { product: product.title, count: result.coins_spent }),
      );
    } catch (error) {
      const parsed = serverFormErrors(error, []);
      const messages = [...parsed.general, ...Object.values(parsed.fields)].map(stm);
      setErrors(messages.length ? messages : [stm(errorMessages.updateFailed)]);
    } finally {
      setBusy(null);
    }
  };

  return (
    <ActionPanel title={t('staff.productsTitle')} wide testId="staff-products">
      {!placeUid ? (
        <p className="staff-muted">{t('staff.choosePlace')}</p>
      ) : products.isPending ? (
        <Loading />
      ) : products.isError ? (
        <FormAlert messages={[t('staff.fetchError')]} />
      ) : (
        <>
          <p className="staff-muted" data-testid="products-coins" data-coins={products.data.coins}>
            {products.data.program
              ? t('staff.productsCoins', {
                  count: products.data.coins,
                  program: products.data.program.name,
                })
              : t('staff.productsNoCoinsProgram')}
          </p>
          <FormAlert messages={errors} />
          {products.data.products.length === 0 ? (
            <p className="staff-muted">{t('staff.noProducts')}</p>
          ) : (
            <ul className="staff-promotions" aria-label={t('staff.productsTitle')}>
              {products.data.products.map((p) => {
                const soldOut = p.stock !== null && p.stock <= 0;
                const short = products.data.coins < p.coin_price;
                return (
                  <li key={p.uid} className="staff-promotion" data-product={p.title}>
                    <span className="staff-promotion__name">
                      <strong>{p.title}</strong>
                      <small>
                        {t('checkout.coinOrderTotal', { count: p.coin_price })}
                        {soldOut ? ` · ${t('staff.productSoldOut')}` : ''}
                        {p.stock !== null && !soldOut
                          ? ` · ${t('staff.productStock', { count: p.stock })}`
                          : ''}
                      </small>
                    </span>
                    {/* A product the client cannot afford offers nothing to press: it says what is missing. */}
                    {short ? (
                      <span className="staff-muted" data-testid="product-short">
                        {t('staff.productMissing', { count: p.coin_price - products.data.coins })}
                      </span>
                    ) : (
                      <button
                        type="button"
                        className="button button--primary"
                        disabled={!products.data.program || soldOut || busy !== null}
                        onClick={() => void onRedeem(p)}
                      >
                        {busy === p.uid ? t('staff.saving') : t('staff.productRedeem')}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </ActionPanel>
  );
}
