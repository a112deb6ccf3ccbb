import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Coupon } from '@store/contract/orders/schemas';
import { validateCode } from './api/validate-code';
import { clearStoredCoupon, getStoredCoupon, storeCoupon } from '../../lib/coupon-store';
import { messagesOf } from './error-messages';

/**
 * The checkout's coupon: typed, checked by the server and remembered for the company; the one a
 * coupon link stored (/company/{uid}/code/{code}/) is checked and applied on arrival.
 */
export function useCoupon(companyUid: string) {
  const { t } = useTranslation();
  const [input, setInput] = useState(() => getStoredCoupon(companyUid) ?? '');
  const [coupon, setCoupon] = useState<Coupon | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async (code: string) => {
    const trimmed = code.trim();
    if (!trimmed) return;
    setBusy(true);
    setError(null);
    try {
      const found = await validateCode(companyUid, trimmed);
      setCoupon(found);
      storeCoupon(companyUid, found.code);
    } catch (failure) {
      setCoupon(null);
      setError(messagesOf(failure)[0] ?? t('checkout.genericError'));
    } finally {
      setBusy(false);
    }
  };
  const remove = () => {
    setCoupon(null);
    setInput('');
    setError(null);
    clearStoredCoupon(companyUid);
  };
  useEffect(() => {
    const stored = getStoredCoupon(companyUid);
    if (stored) void apply(stored);
  }, [companyUid]);

  return { input, setInput, coupon, error, busy, apply, remove };
}

export type CouponState = ReturnType<typeof useCoupon>;
