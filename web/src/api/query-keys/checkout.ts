/** Query keys of the checkout area; why keys live here: see ./account.ts. */

export const checkoutKeys = {
  options: (placeUid: string) => ['checkout-options', placeUid] as const,
  discounts: (placeUid: string) => ['place-discounts', placeUid] as const,
  pickupSchedule: (placeUid: string, days: number) => ['pickup-schedule', placeUid, days] as const,
  fareEstimate: (
    placeUid: string | null | undefined,
    latitude: string,
    longitude: string,
    area: string,
  ) => ['fare-estimate', placeUid, latitude, longitude, area] as const,
  ruc: (ruc: string) => ['ruc-lookup', ruc] as const,
  quote: (placeUid: string | null | undefined, body: object | null) =>
    ['order-quote', placeUid, body] as const,
};
