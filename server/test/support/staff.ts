import { and, desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../../src/db/schema';
import { importTenant } from '../../src/tenants/importer';
import { signMemberQr } from '../../src/modules/programs/qr';
import type { TestApp } from './test-app';
import { newProgramMember } from './loyalty';

export const PASSWORD = 'Clave segura 1';
const allDay = { from: '00:00', to: '00:00' };

/**
 * A tenant of its own for the staff tests: company "main" (places A and B, a
 * loyalty club with stamps, coins and hand-added points, a program without
 * points, promotions of every rule the counter meets) and company "rival" on
 * the same app with its own place, program and staff. Staff: owner, staff,
 * validator (place B only) of main; rival staff; the owner of "bare", a
 * company with benefit programs off. Clients: ana (club member),
 * rosa (rival member only). `events` switches the app's events on.
 */
export async function makeStaffShop(t: TestApp, key: string, options: { events?: boolean } = {}) {
  const host = `${key}.test`;
  const company = (k: string, name: string) => ({
    key: k,
    name,
    ecommerce_enabled: true,
    benefit_programs_enabled: true,
    payment_methods: [{ key: 'cash', type: 'CASH', name: 'Efectivo' }],
    tax: { name: 'IGV', rate_percent: 18 },
  });
  const place = (k: string, c: string, name: string) => ({
    key: k,
    company: c,
    area: 'lima',
    name,
    address: `Av. ${name} 1`,
    latitude: -12.12,
    longitude: -77.03,
    delivery: { base_fare: '5.00', per_km: '1.00', max_radius_km: 10 },
    timetable: { monday: allDay, saturday: allDay, sunday: allDay },
  });
  const user = (email: string, first: string, doc: string, mobile: string | null = null) => ({
    email,
    password: PASSWORD,
    first_name: first,
    last_name: 'Prueba',
    document_type: 'NATIONAL_ID',
    document_number: doc,
    mobile_number: mobile,
  });
  await importTenant(t.db, {
    app: {
      key,
      name: `Staff ${key}`,
      domain: host,
      main_company: 'main',
      events_enabled: options.events ?? false,
    },
    companies: [
      company('main', `Main ${key}`),
      company('rival', `Rival ${key}`),
      { ...company('bare', `Bare ${key}`), benefit_programs_enabled: false },
    ],
    areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
    places: [
      place('main-a', 'main', 'Local A'),
      place('main-b', 'main', 'Local B'),
      place('rival-a', 'rival', 'Rival A'),
    ],
    catalog: {
      products: [
        {
          key: 'cake',
          company: 'main',
          title: 'Torta',
          price: '10.00',
          places: { 'main-a': 10, 'main-b': 10 },
        },
        // Redeemable with coins at the counter: one mug at A, an uncounted pin.
        {
          key: 'mug',
          company: 'main',
          title: 'Taza canjeable',
          price: '0.00',
          coin_price: 30,
          is_redeemable: true,
          places: { 'main-a': 1, 'main-b': 5 },
        },
        {
          key: 'pin',
          company: 'main',
          title: 'Pin canjeable',
          price: '0.00',
          coin_price: 10,
          is_redeemable: true,
          places: { 'main-a': null, 'main-b': null },
        },
        {
          key: 'rival-mug',
          company: 'rival',
          title: 'Taza rival',
          price: '0.00',
          coin_price: 5,
          is_redeemable: true,
          places: { 'rival-a': 5 },
        },
        {
          key: 'rival-cake',
          company: 'rival',
          title: 'Torta rival',
          price: '10.00',
          places: { 'rival-a': 10 },
        },
      ],
    },
    users: [
      user('owner@staff.test', 'Olga', '70000001'),
      user('staff@staff.test', 'Sara', '70000002'),
      user('validator@staff.test', 'Victor', '70000003'),
      user('rival@staff.test', 'Raul', '70000004'),
      user('ana@staff.test', 'Ana', '70000010', '+51911000001'),
      user('rosa@staff.test', 'Rosa', '70000011', '+51911000002'),
      user('nobody@staff.test', 'Nadia', '70000012', '+51911000003'),
      user('bare@staff.test', 'Bruno', '70000005'),
    ],
    staff: [
      { user: 'owner@staff.test', company: 'main', role: 'OWNER' },
      { user: 'staff@staff.test', company: 'main', role: 'STAFF' },
      { user: 'validator@staff.test', company: 'main', role: 'VALIDATOR', places: ['main-b'] },
      { user: 'rival@staff.test', company: 'rival', role: 'STAFF' },
      { user: 'bare@staff.test', company: 'bare', role: 'OWNER' },
    ],
    programs: [
      {
        key: 'club',
        company: 'main',
        name: 'Club',
        points_enabled: true,
        coins_enabled: true,
        stamps_enabled: true,
        add_points_enabled: true,
        levels: [
          { name: 'Bronce', min_points: 0 },
          { name: 'Plata', min_points: 100 },
        ],
        promotions: [
          {
            key: 'breakfast',
            name: 'Desayuno 20%',
            kind: 'DISCOUNT_RATE',
            rate_discount: 20,
            max_amount: '60.00',
          },
          { key: 'last', name: 'Última unidad', kind: 'GIFT', stock: 1 },
          { key: 'once', name: 'Una vez', kind: 'GIFT', limit_per_member: 1 },
          { key: 'only-b', name: 'Solo en B', kind: 'GIFT', places: ['main-b'] },
          { key: 'stamps-5', name: '5 sellos', kind: 'STAMPS', stamps_required: 5 },
          { key: 'coins-30', name: 'Con monedas', kind: 'GIFT', coin_price: 30 },
          { key: 'gift-card', name: 'Gift card 50', kind: 'GIFT_CARD', gift_card_amount: '50.00' },
        ],
        members: [
          { user: 'ana@staff.test', ledger: [{ key: 'welcome', currency: 'POINTS', amount: 50 }] },
        ],
      },
      {
        key: 'plain',
        company: 'main',
        name: 'Sin puntos',
        points_enabled: false,
        stamps_enabled: false,
        add_points_enabled: false,
      },
      {
        key: 'rival-club',
        company: 'rival',
        name: 'Rival Club',
        stamps_enabled: true,
        add_points_enabled: true,
        promotions: [{ key: 'rival-gift', name: 'Regalo rival', kind: 'GIFT' }],
        members: [{ user: 'rosa@staff.test' }],
      },
    ],
  });
  const app = await t.appOf(host);
  const login = async (email: string) => {
    const res = await t.post('/api/v5/login/', { email, password: PASSWORD }, { host });
    if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
    return { authorization: `Token ${res.data.token}` };
  };
  const [owner, staff, validator, rival, ana, rosa, nobody] = await Promise.all(
    ['owner', 'staff', 'validator', 'rival', 'ana', 'rosa', 'nobody'].map((n) =>
      login(`${n}@staff.test`),
    ),
  );
  const me = (await t.get('/api/v5/staff/me/', { host, headers: owner })).data;
  const rivalMe = (await t.get('/api/v5/staff/me/', { host, headers: rival })).data;
  const placeUid = (name: string) =>
    [...me.places, ...rivalMe.places].find((p: { name: string }) => p.name === name)!.uid as string;
  const programUid = (name: string) =>
    [...me.programs, ...rivalMe.programs].find((p: { name: string }) => p.name === name)!
      .uid as string;
  const anaUser = (await t.get('/api/v5/me/', { host, headers: ana })).data;
  const rosaUser = (await t.get('/api/v5/me/', { host, headers: rosa })).data;
  const promotions = (
    await t.get(`/api/v5/staff/clients/${anaUser.uid}/promotions/`, { host, headers: owner })
  ).data as { uid: string; name: string }[];
  const rivalPromotions = (
    await t.get(`/api/v5/staff/clients/${rosaUser.uid}/promotions/`, { host, headers: rival })
  ).data as { uid: string; name: string }[];
  const promotionUid = (name: string) =>
    [...promotions, ...rivalPromotions].find((p) => p.name === name)!.uid;
  return {
    host,
    app,
    auth: { owner, staff, validator, rival, ana, rosa, nobody },
    users: { ana: anaUser as { uid: string }, rosa: rosaUser as { uid: string } },
    places: { a: placeUid('Local A'), b: placeUid('Local B'), rival: placeUid('Rival A') },
    programs: {
      club: programUid('Club'),
      plain: programUid('Sin puntos'),
      rival: programUid('Rival Club'),
    },
    promotionUid,
    login,
  };
}

export type StaffShop = Awaited<ReturnType<typeof makeStaffShop>>;

/**
 * Makes an account of the shop staff the way an owner must: an invitation mailed to its
 * address (read back from the mail outbox), accepted while signed in with that address.
 */
export async function inviteStaff(
  t: TestApp,
  shop: StaffShop,
  email: string,
  role: 'OWNER' | 'MANAGER' | 'STAFF' | 'VALIDATOR',
  placeUids: string[] = [],
): Promise<Record<string, string>> {
  const invited = await t.post(
    '/api/v5/staff/invitations/',
    { email, role, place_uids: placeUids },
    { host: shop.host, headers: shop.auth.owner },
  );
  if (invited.statusCode !== 201)
    throw new Error(`invitation failed: ${invited.statusCode} ${invited.body}`);
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.appId, (shop.app as { uid: string }).uid), eq(mailOutbox.to, email)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const [, uid, token] = /\/staff\/invitation\/([0-9a-f-]{36})\/([\w-]+)/.exec(mail.text)!;
  const auth = await shop.login(email);
  const accepted = await t.post(
    `/api/v5/invitations/${uid}/${token}/accept/`,
    {},
    {
      host: shop.host,
      headers: auth,
    },
  );
  if (accepted.statusCode !== 200)
    throw new Error(`accepting failed: ${accepted.statusCode} ${accepted.body}`);
  return auth;
}

/** An order of `quantity` cakes (10.00 each) by a member at a place of the shop, for pickup or delivery, paid in cash. */
export async function placeOrder(
  t: TestApp,
  shop: StaffShop,
  auth: Record<string, string>,
  placeUid: string,
  options: { quantity?: number; delivery?: boolean } = {},
) {
  const { host } = shop;
  const quantity = options.quantity ?? 1;
  const products = (await t.get(`/api/v7/places/${placeUid}/products/`, { host })).data.results as {
    uid: string;
    title: string;
  }[];
  const checkout = (await t.get(`/api/v5/places/${placeUid}/checkout-options/`, { host })).data;
  let shipping: Record<string, unknown>;
  if (options.delivery) {
    const area = (await t.get('/api/v7/areas/', { host })).data.results[0].uid;
    shipping = {
      shipping_type: 'delivery',
      delivery: { area, address: 'Calle 1', latitude: -12.121, longitude: -77.031 },
    };
  } else {
    const schedule = (await t.get(`/api/v7/places/${placeUid}/pickup-schedule/`, { host })).data;
    shipping = {
      shipping_type: 'pickup',
      pickup: { date: schedule.days[0].date, start: schedule.days[0].slots[0].start },
    };
  }
  const body = {
    ...shipping,
    products: [
      { uid: products.find((p) => p.title.startsWith('Torta'))!.uid, quantity, option_groups: [] },
    ],
    payment_method: checkout.payment_methods[0].uid,
    billing: {
      first_name: 'Ana',
      last_name: 'Prueba',
      email: 'ana@staff.test',
      phone: '+51911000001',
      city: 'Lima',
      address: 'Av. Arequipa 123',
    },
  };
  const quote = await t.post(`/api/v5/places/${placeUid}/orders/quote/`, body, { host });
  if (quote.statusCode !== 200) throw new Error(`quote: ${quote.statusCode} ${quote.body}`);
  const res = await t.post(
    `/api/v5/places/${placeUid}/orders/`,
    { ...body, expected_total: quote.data.total },
    { host, headers: auth },
  );
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.data as { uid: string; status: string; number: number; total: string };
}

export const placePickupOrder = (
  t: TestApp,
  shop: StaffShop,
  auth: Record<string, string>,
  placeUid: string,
  quantity = 1,
) => placeOrder(t, shop, auth, placeUid, { quantity });

/** The client's proof of presence as a scanned member QR of the club (signed by this process's secret). */
export function qrProof(shop: StaffShop, clientUid: string): string {
  return signMemberQr((shop.app as { uid: string }).uid, clientUid, shop.programs.club).qr;
}

/** A fresh member of the shop's club holding `coins` (written to the ledger), with their session. */
export async function clubClient(t: TestApp, shop: StaffShop, coins = 0) {
  const at = { host: shop.host, appUid: shop.app.uid, program: shop.programs.club };
  const m = await newProgramMember(t, at, { coins, reason: 'Prueba' });
  return { uid: m.user.uid as string, auth: m.auth };
}
