import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { CheckoutValues } from '../../lib/checkout-logic';
import {
  checkoutDraftKey,
  forgetCheckoutDraft,
  readCheckoutDraft,
  saveCheckoutDraft,
  type CheckoutDraft,
} from '../../lib/checkout-draft';
import { useTenant } from '../../lib/tenant';

/**
 * The order checkout's draft for this tenant and place (lib/checkout-draft): `restore` hands
 * back what was filled before and starts keeping every change; `forget` drops it once the
 * order is placed. `billingTyped` says the restored billing address was the member's own, so
 * it no longer follows the delivery address.
 */
export function useCheckoutDraft(form: UseFormReturn<CheckoutValues>, placeUid: string | null) {
  const app = useTenant();
  const key = placeUid ? checkoutDraftKey(app.uid, placeUid) : null;
  const keeping = useRef(false);
  const billingTyped = useRef(false);
  const { watch } = form;

  useEffect(() => {
    if (!key) return;
    const subscription = watch((values) => {
      // Not before the restore: the empty first values would overwrite the draft.
      if (keeping.current) saveCheckoutDraft(key, values);
    });
    return () => subscription.unsubscribe();
  }, [watch, key]);

  const restore = (): CheckoutDraft => {
    keeping.current = true;
    if (!key) return {};
    const draft = readCheckoutDraft(key);
    billingTyped.current = !!draft.billing_address && draft.billing_address !== draft.address;
    return draft;
  };
  const forget = () => {
    keeping.current = false;
    if (key) forgetCheckoutDraft(key);
  };
  return { restore, forget, billingTyped };
}
