import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CartInput } from '@store/contract/catalog/cart';
import { quoteOrder } from '../../api';
import { shippingPart, type CheckoutValues } from '../../lib/checkout-logic';
import { useDebouncedValue } from '../../lib/use-debounced-value';

type QuoteInputs = {
  placeUid: string | null | undefined;
  products: CartInput['products'];
  values: CheckoutValues;
  couponCode: string | null;
  /** No quote while the delivery point is refused (out of range, fare service down). */
  fareFailed: boolean;
};

/**
 * The server's price of the order as filled so far, asked again once typing pauses; the last
 * answer stays on screen while the next one loads.
 */
export function useOrderQuote({ placeUid, products, values, couponCode, fareFailed }: QuoteInputs) {
  const shippingValues = useDebouncedValue(
    {
      shipping_type: values.shipping_type,
      area: values.area,
      address: values.address,
      reference: values.reference,
      latitude: values.latitude,
      longitude: values.longitude,
      pickup_date: values.pickup_date,
      pickup_start: values.pickup_start,
    },
    400,
  );
  const shipping = shippingPart(shippingValues);
  const body =
    shipping && products.length > 0 ? { ...shipping, products, coupon: couponCode } : null;
  const quote = useQuery({
    queryKey: ['order-quote', placeUid, body],
    queryFn: ({ signal }) => quoteOrder(placeUid!, body!, signal),
    enabled: !!placeUid && !!body && !(values.shipping_type === 'delivery' && fareFailed),
    placeholderData: keepPreviousData,
    retry: false,
  });
  return { quote, body, shown: body && !quote.isError ? quote.data : undefined };
}
