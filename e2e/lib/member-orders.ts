import type { Page } from 'playwright-core';
import { orderableSlot } from './pickup';

/** The signed-in member's API from the page, with the token the page stored. */
export function apiFromPage<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api/${path}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Token ${localStorage.getItem('token')}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
      // A write may answer with no body (204).
      return text ? JSON.parse(text) : null;
    },
    { method, path, body },
  );
}

/**
 * The signed-in member orders a product without options at the Miraflores place of the demo
 * store (the one given, else the first with stock), for pickup at the first slot, paying cash,
 * as the checkout would (quote, then order).
 */
export async function placePickupOrder(
  page: Page,
  wanted: { product?: string; quantity?: number; comments?: string } = {},
): Promise<{ uid: string; number: number; status: string }> {
  type Place = { uid: string; name: string };
  const places = (await apiFromPage<{ results: Place[] }>(page, 'GET', 'v7/places/')).results;
  const place = places.find((p) => p.name.includes('Miraflores'))!.uid;
  const products = (
    await apiFromPage<{
      results: { uid: string; stock: number | null; option_groups: unknown[] }[];
    }>(page, 'GET', `v7/places/${place}/products/?page_size=100`)
  ).results;
  const product = products.find((p) =>
    wanted.product
      ? p.uid === wanted.product
      : p.option_groups.length === 0 && (p.stock === null || p.stock >= 2),
  )!;
  const options = await apiFromPage<{ payment_methods: { uid: string; type: string }[] }>(
    page,
    'GET',
    `v5/places/${place}/checkout-options/`,
  );
  const cash = options.payment_methods.find((m) => m.type === 'CASH')!.uid;
  const schedule = await apiFromPage<{ days: { date: string; slots: { start: string }[] }[] }>(
    page,
    'GET',
    `v7/places/${place}/pickup-schedule/`,
  );
  const slot = orderableSlot(schedule);
  const body = {
    shipping_type: 'pickup',
    pickup: { date: slot.date, start: slot.start },
    products: [{ uid: product.uid, quantity: wanted.quantity ?? 1 }],
    payment_method: cash,
    billing: {
      first_name: 'Ana',
      last_name: 'Quispe',
      email: 'demo@aurora.pe',
      phone: '+51987650001',
      city: 'Lima',
      address: 'Av. Arequipa 4500',
    },
    ...(wanted.comments === undefined ? {} : { comments: wanted.comments }),
  };
  const quote = await apiFromPage<{ total: string }>(
    page,
    'POST',
    `v5/places/${place}/orders/quote/`,
    body,
  );
  return apiFromPage(page, 'POST', `v5/places/${place}/orders/`, {
    ...body,
    expected_total: quote.total,
  });
}
