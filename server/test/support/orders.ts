import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { PICKUP_LEAD_MINUTES, minutesOf, sandboxCardToken, storeInstant } from '@store/contract';
import { orders, placeProducts, staffMembers } from '../../src/db/schema';
import { importTenant } from '../../src/tenants/importer';
import { startTestApp, type TestApp } from './test-app';
import { registerMember, startSmtp } from './accounts';

export const STAFF_PASSWORD = 'Clave segura 1';

/**
 * A small shop of its own for checkout tests, so stock and coupon counts are
 * the test's alone: one company with the three payment methods (or those
 * asked for), one place open all day with delivery (5.00 + 1.50/km, 5 km),
 * a product of each kind.
 */
export async function makeShop(
  t: TestApp,
  key: string,
  options: {
    stock?: number | null;
    cakePrice?: string;
    ecommerce?: boolean;
    paymentTypes?: ('CASH' | 'CARD_ON_DELIVERY' | 'ONLINE_CARD')[];
    coupons?: unknown[];
    delivery?: unknown;
    subscriptions?: boolean;
    /** apps.max_unpaid_orders; high by default so checkout tests are not about the cap. */
    maxUnpaidOrders?: number;
    orderAcceptanceMinutes?: number;
    /** The ONLINE_CARD method goes through Mercado Pago with these credentials instead of the sandbox. */
    mercadopago?: { public_key: string; access_token: string; webhook_secret: string };
    /** Staff of the company (OWNER, STAFF), signed in with `STAFF_PASSWORD` as `<role>@<key>.test`. */
    staff?: boolean;
    /** More app settings of the tenant file (e.g. `signin_methods`). */
    app?: Record<string, unknown>;
    /** Benefit programs of the tenant file (company key 'shop'). */
    programs?: unknown[];
    /** The areas' outlines (`[latitude, longitude]` vertices); none by default. */
    areaBounds?: { lima?: [number, number][]; cusco?: [number, number][] };
    /** The main place's opening hours (tenant file shape); open all day by default. */
    timetable?: unknown;
  } = {},
) {
  const domain = `${key}.test`;
  const types = options.paymentTypes ?? ['CASH', 'CARD_ON_DELIVERY', 'ONLINE_CARD'];
  const allDay = { from: '00:00', to: '00:00' };
  await importTenant(t.db, {
    app: {
      key,
      name: `Shop ${key}`,
      domain,
      main_company: 'shop',
      max_unpaid_orders: options.maxUnpaidOrders ?? 1000,
      ...(options.orderAcceptanceMinutes !== undefined
        ? { order_acceptance_minutes: options.orderAcceptanceMinutes }
        : {}),
      ...options.app,
    },
    companies: [
      {
        key: 'shop',
        name: `Shop ${key}`,
        subscription_enabled: options.subscriptions ?? true,
        ecommerce_enabled: options.ecommerce ?? true,
        payment_methods: types.map((type) => ({
          key: type.toLowerCase().replace(/_/g, '-'),
          type,
          name: type,
          provider:
            type === 'ONLINE_CARD' ? (options.mercadopago ? 'mercadopago' : 'sandbox') : null,
          ...(type === 'ONLINE_CARD' && options.mercadopago
            ? { mercadopago: options.mercadopago }
            : {}),
        })),
        tax: { name: 'IGV', rate_percent: 18 },
        coupons: options.coupons ?? [],
      },
    ],
    areas: [
      { key: 'lima', name: 'Lima', country_code: 'PE', bounds: options.areaBounds?.lima ?? null },
      {
        key: 'cusco',
        name: 'Cusco',
        country_code: 'PE',
        bounds: options.areaBounds?.cusco ?? null,
      },
    ],
    places: [
      {
        key: 'main',
        company: 'shop',
        area: 'lima',
        name: 'Main',
        address: 'Av. Larco 1',
        latitude: -12.1211,
        longitude: -77.0297,
        subscription_enabled: options.subscriptions ?? true,
        delivery:
          options.delivery === undefined
            ? { base_fare: '5.00', per_km: '1.50', max_radius_km: 5 }
            : options.delivery,
        timetable: options.timetable ?? { monday: allDay, saturday: allDay, sunday: allDay },
      },
      {
        key: 'other',
        company: 'shop',
        area: 'lima',
        name: 'Other',
        address: 'Av. Otra 2',
        latitude: -12.1,
        longitude: -77.0,
      },
    ],
    catalog: {
      products: [
        {
          key: 'cake',
          company: 'shop',
          title: 'Torta',
          price: options.cakePrice ?? '10.00',
          places: { main: options.stock === undefined ? 10 : options.stock, other: 5 },
          option_groups: [
            {
              key: 'size',
              name: 'Tamaño',
              minimum_to_select: 1,
              maximum_to_select: 1,
              options: [
                { key: 'small', name: 'Chica', price: 0 },
                { key: 'big', name: 'Grande', price: '4.00' },
              ],
            },
          ],
        },
        {
          key: 'coffee',
          company: 'shop',
          title: 'Café',
          price: '6.50',
          places: { main: null, other: null },
        },
      ],
    },
    ...(options.programs ? { programs: options.programs } : {}),
    ...(options.staff
      ? {
          users: ['owner', 'staff'].map((role, i) => ({
            email: `${role}@${domain}`,
            password: STAFF_PASSWORD,
            first_name: role,
            last_name: 'Prueba',
            document_type: 'NATIONAL_ID',
            document_number: `7100000${i}`,
            mobile_number: null,
          })),
          staff: [
            { user: `owner@${domain}`, company: 'shop', role: 'OWNER' },
            { user: `staff@${domain}`, company: 'shop', role: 'STAFF' },
          ],
        }
      : {}),
  });
  const app = await t.appOf(domain);
  const headers = { host: domain };
  const places = (await t.get('/api/v7/places/', headers)).data.results as {
    uid: string;
    name: string;
  }[];
  const place = places.find((p) => p.name === 'Main')!.uid;
  const other = places.find((p) => p.name === 'Other')!.uid;
  const products = (await t.get(`/api/v7/places/${place}/products/?page_size=100`, headers)).data
    .results as {
    uid: string;
    title: string;
    option_groups: { uid: string; name: string; options: { uid: string; name: string }[] }[];
  }[];
  const cake = products.find((p) => p.title === 'Torta')!;
  const coffee = products.find((p) => p.title === 'Café')!;
  const options2 = (await t.get(`/api/v5/places/${place}/checkout-options/`, headers)).data;
  const method = (type: string) =>
    options2.payment_methods.find((m: { type: string }) => m.type === type)?.uid as string;
  const areas = (await t.get('/api/v7/areas/', headers)).data.results as {
    uid: string;
    name: string;
  }[];
  return {
    host: domain,
    app,
    place,
    other,
    cake,
    coffee,
    area: areas.find((a) => a.name === 'Lima')!.uid,
    cuscoArea: areas.find((a) => a.name === 'Cusco')!.uid,
    cash: method('CASH'),
    cardOnDelivery: method('CARD_ON_DELIVERY'),
    online: method('ONLINE_CARD'),
    /** A cake line: size small (10.00) or big (14.00). */
    cakeLine(quantity = 1, size: 'Chica' | 'Grande' = 'Chica') {
      const group = cake.option_groups[0];
      return {
        uid: cake.uid,
        quantity,
        option_groups: [
          { uid: group.uid, options: [{ uid: group.options.find((o) => o.name === size)!.uid }] },
        ],
      };
    },
    member: () => registerMember(t, domain),
    /** The session headers of the shop's `owner@` or `staff@` (made with `staff: true`). */
    async signIn(role: 'owner' | 'staff' = 'owner') {
      const res = await t.post(
        '/api/v5/login/',
        { email: `${role}@${domain}`, password: STAFF_PASSWORD },
        { host: domain },
      );
      assert.equal(res.statusCode, 200, res.body);
      return { authorization: `Token ${res.data.token}` };
    },
    /**
     * A new member made staff of the shop's company with `role` (limited to `placeUids` when
     * given), written as the tenant file would; its session's headers.
     */
    async staff(role: 'OWNER' | 'MANAGER' | 'STAFF', placeUids: string[] = []) {
      const account = await registerMember(t, domain);
      await t.db.insert(staffMembers).values({
        appId: app.uid,
        userUid: account.user.uid,
        companyUid: app.company.uid,
        role,
        placeUids,
      });
      return account.auth;
    },
  };
}

export type Shop = Awaited<ReturnType<typeof makeShop>>;

export const billing = {
  first_name: 'Ana',
  last_name: 'Quispe',
  email: 'ana@example.com',
  phone: '+51987654321',
  city: 'Lima',
  address: 'Av. Arequipa 123',
};
/** What the sandbox form sends for a test card: its token, never the number. */
export const sandboxCard = (number: string) => ({
  token: sandboxCardToken(number, randomBytes(12).toString('hex')),
  payment_method_id: 'visa',
  installments: 1,
});
export const goodCard = sandboxCard('4242 4242 4242 4242');
export const declinedCard = sandboxCard('4000 0000 0000 0002');

/** The first pickup slot the place offers now. */
/**
 * The first pickup slot that stays orderable for a few minutes more. The very first slot of the
 * schedule may close (its pickup lead passes) between reading the schedule and placing the order,
 * which made a test fail when a slow CI run crossed that boundary.
 */
export async function firstSlot(t: TestApp, shop: Shop) {
  const schedule = (
    await t.get(`/api/v7/places/${shop.place}/pickup-schedule/`, { host: shop.host })
  ).data as { days: { date: string; slots: { start: string; end: string }[] }[] };
  const margin = Date.now() + 5 * 60_000;
  const slots = schedule.days.flatMap((day) =>
    day.slots.map((slot) => ({ date: day.date, ...slot })),
  );
  const safe = slots.find(
    (slot) =>
      storeInstant(slot.date, minutesOf(slot.start) - PICKUP_LEAD_MINUTES).getTime() > margin,
  );
  const { date, start, end } = safe ?? slots[0];
  return { date, start, end };
}

/**
 * A member's order at the shop's main place as most checkout tests place it: `quantity` small
 * cakes (10.00 each) to pick up at the first safe slot, paid cash. `fields` replace what a test is
 * about (a coupon, a card, a `pickup` slot read once for orders that race).
 */
export async function cashPickupOrder(
  t: TestApp,
  shop: Shop,
  auth: Record<string, string>,
  fields: Record<string, unknown> = {},
  quantity = 1,
) {
  const pickup = 'pickup' in fields ? {} : { pickup: await firstSlot(t, shop) };
  return t.post(
    `/api/v5/places/${shop.place}/orders/`,
    {
      shipping_type: 'pickup',
      ...pickup,
      products: [shop.cakeLine(quantity)],
      expected_total: (quantity * 10).toFixed(2),
      payment_method: shop.cash,
      billing,
      ...fields,
    },
    { host: shop.host, headers: auth },
  );
}

/** A point `km` north of the shop's place. */
export function north(km: number) {
  return { latitude: -12.1211 + km / 111.19508, longitude: -77.0297 };
}

/** Stock as the database holds it (no cache in between). */
export async function stockOf(
  t: Pick<TestApp, 'db'>,
  shop: { app: { uid: string }; place: string },
  productUid: string,
  place = shop.place,
): Promise<number | null> {
  const [row] = await t.db
    .select({ stock: placeProducts.stock })
    .from(placeProducts)
    .where(
      and(
        eq(placeProducts.appId, shop.app.uid),
        eq(placeProducts.placeUid, place),
        eq(placeProducts.productUid, productUid),
      ),
    );
  return row.stock;
}

export async function ordersCount(t: TestApp, shop: Shop): Promise<number> {
  const [{ n }] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.appId, shop.app.uid));
  return n;
}

export type ShopWithMember = {
  t: TestApp;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  shop: Shop;
  member: Awaited<ReturnType<Shop['member']>>;
};

/**
 * An order file's world: the app with a mail catcher (the order mails are read from it), the
 * shop `key` and one signed-in member. Closed by `closeShopWithMember`.
 */
export async function openShopWithMember(
  key: string,
  options: Parameters<typeof makeShop>[2] = {},
): Promise<ShopWithMember> {
  const smtp = await startSmtp();
  const t = await startTestApp({ accounts: { smtpUrl: smtp.url } });
  const shop = await makeShop(t, key, options);
  return { t, smtp, shop, member: await shop.member() };
}

export async function closeShopWithMember(world: Partial<ShopWithMember>): Promise<void> {
  await world.t?.close();
  await world.smtp?.close();
}
