import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, inArray } from 'drizzle-orm';
import {
  addDays,
  catalogMessages,
  messageText,
  orderMessages,
  staffMessages,
  storeDateOf,
} from '@store/contract';
import { companies, placeProducts, places } from '../src/db/schema';
import { runSubscriptionOrders } from '../src/modules/subscriptions/runner';
import { runnerReasons, skipReasonOf } from '../src/modules/subscriptions/skip-reasons';
import { startTestApp, type TestApp } from './support/test-app';
import { inviteStaff, makeStaffShop, type StaffShop } from './support/staff';

/**
 * GET v5/staff/subscriptions/skipped-days/: the subscription days of the
 * company that got no order, for the staff who may see the orders board.
 */
let t: TestApp;
let s: StaffShop;
const URL = '/api/v5/staff/subscriptions/skipped-days/';
const get = (query: string, headers: Record<string, string>) =>
  t.get(`${URL}${query}`, { host: s.host, headers });

/** The next Monday at least two days ahead, and the one after (Lima days). */
function nextMonday(): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
const monday = nextMonday();
const laterMonday = new Date(Date.parse(`${monday}T00:00:00Z`) + 7 * 86_400_000)
  .toISOString()
  .slice(0, 10);
const at = (date: string) => new Date(`${date}T07:30:00-05:00`);

type Day = {
  subscription_uid: string;
  service_date: string;
  place: { uid: string; name: string };
  client: { uid: string; name: string; document_number: string | null };
  products: { title: string; quantity: number }[];
  reason: string;
  reason_detail: string;
  time_slot: { start: string; end: string };
};

const subs: Record<'a' | 'b' | 'rival', string> = { a: '', b: '', rival: '' };
let limitedStaff: Record<string, string>;

async function subscribe(auth: Record<string, string>, placeUid: string, title: string) {
  const products = (await t.get(`/api/v7/places/${placeUid}/products/`, { host: s.host })).data
    .results as { uid: string; title: string }[];
  const checkout = (await t.get(`/api/v5/places/${placeUid}/checkout-options/`, { host: s.host }))
    .data;
  const res = await t.post(
    `/api/v5/places/${placeUid}/subscriptions/`,
    {
      products: [{ uid: products.find((p) => p.title === title)!.uid, quantity: 2 }],
      weekdays: ['monday'],
      time_slot: { start: '09:00', end: '09:30' },
      payment_method: checkout.payment_methods[0].uid,
    },
    { host: s.host, headers: auth },
  );
  assert.equal(res.statusCode, 201, res.body);
  return res.data.uid as string;
}

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'staffskip');
  // The shop's places take subscriptions, and every cake is gone: each Monday is skipped.
  await t.db
    .update(companies)
    .set({ subscriptionEnabled: true })
    .where(eq(companies.appId, s.app.uid));
  await t.db.update(places).set({ subscriptionEnabled: true }).where(eq(places.appId, s.app.uid));
  subs.a = await subscribe(s.auth.ana, s.places.a, 'Torta');
  subs.b = await subscribe(s.auth.ana, s.places.b, 'Torta');
  subs.rival = await subscribe(s.auth.rosa, s.places.rival, 'Torta rival');
  await t.db
    .update(placeProducts)
    .set({ stock: 0 })
    .where(
      and(
        eq(placeProducts.appId, s.app.uid),
        inArray(placeProducts.placeUid, [s.places.a, s.places.b, s.places.rival]),
      ),
    );
  for (const day of [monday, laterMonday]) {
    const mine = (await runSubscriptionOrders(t.db, { now: at(day) })).filter((o) =>
      Object.values(subs).includes(o.subscription),
    );
    assert.deepEqual(
      mine.map((o) => o.status),
      ['skipped', 'skipped', 'skipped'],
      JSON.stringify(mine),
    );
  }
  // A STAFF member limited to place B.
  limitedStaff = await inviteStaff(t, s, 'nobody@staff.test', 'STAFF', [s.places.b]);
});
after(() => t?.close());

describe('staff: skipped subscription days', () => {
  test("owner and staff see the company's skipped days, newest day first, with member, place, products and reason", async () => {
    for (const auth of [s.auth.owner, s.auth.staff]) {
      const res = await get('', auth);
      assert.equal(res.statusCode, 200, res.body);
      const days = res.data.results as Day[];
      assert.equal(res.data.count, 4);
      assert.deepEqual(
        days.map((d) => d.service_date),
        [laterMonday, laterMonday, monday, monday],
      );
      assert.deepEqual(
        new Set(days.map((d) => d.subscription_uid)),
        new Set([subs.a, subs.b]),
        "the rival company's day is not listed",
      );
      const day = days.find((d) => d.subscription_uid === subs.a)!;
      assert.deepEqual(day.place, { uid: s.places.a, name: 'Local A' });
      assert.deepEqual(day.client, {
        uid: s.users.ana.uid,
        name: 'Ana Prueba',
        document_number: '70000010',
      });
      assert.deepEqual(
        day.products.map((p) => [p.title, p.quantity]),
        [['Torta', 2]],
      );
      assert.deepEqual(day.time_slot, { start: '09:00', end: '09:30' });
      assert.equal(day.reason, 'out_of_stock');
      assert.ok(day.reason_detail.length > 0);
    }
  });

  test('date range (service days, both ends included), place filter and paging', async () => {
    const later = await get(`?date_from=${laterMonday}`, s.auth.owner);
    assert.equal(later.data.count, 2);
    assert.ok(later.data.results.every((d: Day) => d.service_date === laterMonday));
    const first = await get(`?date_from=${monday}&date_to=${monday}`, s.auth.owner);
    assert.equal(first.data.count, 2);
    assert.ok(first.data.results.every((d: Day) => d.service_date === monday));
    const none = await get(`?date_to=2020-01-01`, s.auth.owner);
    assert.equal(none.data.count, 0);

    const backwards = await get(`?date_from=${laterMonday}&date_to=${monday}`, s.auth.owner);
    assert.equal(backwards.statusCode, 400);
    assert.deepEqual(backwards.data, { date_from: [messageText(staffMessages.dateRange)] });
    const badDay = await get('?date_from=2026-02-30', s.auth.owner);
    assert.equal(badDay.statusCode, 400);
    assert.ok(badDay.data.date_from);

    const atB = await get(`?place_uid=${s.places.b}`, s.auth.owner);
    assert.equal(atB.data.count, 2);
    assert.ok(atB.data.results.every((d: Day) => d.subscription_uid === subs.b));
    const foreignPlace = await get(`?place_uid=${s.places.rival}`, s.auth.owner);
    assert.equal(foreignPlace.statusCode, 400);
    assert.deepEqual(foreignPlace.data, { place_uid: [messageText(staffMessages.placeNotFound)] });

    const page1 = await get('?page_size=3', s.auth.owner);
    assert.equal(page1.data.count, 4);
    assert.equal(page1.data.results.length, 3);
    assert.ok(page1.data.next);
    const page2 = await get('?page_size=3&page=2', s.auth.owner);
    assert.equal(page2.data.results.length, 1);
    assert.equal(page2.data.results[0].service_date, monday);
    assert.equal((await get('?page=9', s.auth.owner)).statusCode, 404);
  });

  test("staff limited to a place see that place's days only", async () => {
    const res = await get('', limitedStaff);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.count, 2);
    assert.ok(res.data.results.every((d: Day) => d.subscription_uid === subs.b));
    const other = await get(`?place_uid=${s.places.a}`, limitedStaff);
    assert.equal(other.statusCode, 400);
    assert.deepEqual(other.data, { place_uid: [messageText(staffMessages.placeNotAllowed)] });
  });

  test('another company of the tenant sees its own days only; another tenant none', async () => {
    const rival = await get('', s.auth.rival);
    assert.equal(rival.statusCode, 200, rival.body);
    assert.equal(rival.data.count, 2);
    assert.ok(rival.data.results.every((d: Day) => d.subscription_uid === subs.rival));
    assert.ok(!rival.body.includes(s.users.ana.uid));

    const login = await t.post(
      '/api/v5/login/',
      { email: 'puerto@multi.pe', password: 'Puerto2026!' },
      { host: 'multi.localhost' },
    );
    const puerto = { authorization: `Token ${login.data.token}` };
    assert.equal((await get('', puerto)).statusCode, 401, 'their token is no session here');
    const own = await t.get(URL, { host: 'multi.localhost', headers: puerto });
    assert.equal(own.statusCode, 200, own.body);
    for (const uid of Object.values(subs)) assert.ok(!own.body.includes(uid));
  });

  test('the roles: anonymous 401, a customer and a validator 403', async () => {
    assert.equal((await t.get(URL, { host: s.host })).statusCode, 401);
    const customer = await get('', s.auth.ana);
    assert.equal(customer.statusCode, 403);
    assert.deepEqual(customer.data, { detail: messageText(staffMessages.notStaff) });
    const validator = await get('', s.auth.validator);
    assert.equal(validator.statusCode, 403);
    assert.deepEqual(validator.data, { detail: messageText(staffMessages.roleNotAllowed) });
  });

  test('recorded reasons are sorted into the kinds the screen names', () => {
    assert.equal(skipReasonOf('Out of stock: Torta'), 'out_of_stock');
    assert.equal(skipReasonOf(messageText(catalogMessages.productOutOfStock)), 'out_of_stock');
    assert.equal(skipReasonOf('Solo quedan 2 unidades de Croissant.'), 'out_of_stock');
    assert.equal(skipReasonOf(messageText(catalogMessages.productNotSold)), 'product_unavailable');
    assert.equal(skipReasonOf(runnerReasons.placeClosed), 'place_closed');
    assert.equal(skipReasonOf(messageText(orderMessages.ecommerceDisabled)), 'place_closed');
    assert.equal(skipReasonOf(messageText(orderMessages.slotUnavailable)), 'slot_unavailable');
    assert.equal(skipReasonOf(messageText(orderMessages.deliveryError)), 'delivery_unavailable');
    assert.equal(skipReasonOf('Fuera de la zona de reparto, hasta 4 km'), 'delivery_unavailable');
    assert.equal(skipReasonOf(runnerReasons.cardPayment), 'payment_unavailable');
    assert.equal(skipReasonOf(runnerReasons.memberGone), 'member_gone');
    assert.equal(skipReasonOf(runnerReasons.missed), 'missed');
    assert.equal(skipReasonOf('something new'), 'other');
    assert.equal(skipReasonOf(null), 'other');
  });
});

describe('staff: subscriptions due on a day', () => {
  const DUE = '/api/v5/staff/subscriptions/due/';
  const due = (query: string, headers: Record<string, string>) =>
    t.get(`${DUE}${query}`, { host: s.host, headers });
  type Due = {
    subscription_uid: string;
    service_date: string;
    place: { uid: string; name: string };
    client: { name: string; document_number: string | null };
    products: { title: string; quantity: number }[];
    time_slot: { start: string; end: string };
    day_status: string;
    order_uid: string | null;
  };
  let everyDay = '';

  before(async () => {
    // Cakes back at A, and a subscription of every day made now: due tomorrow, whatever day it is.
    await t.db
      .update(placeProducts)
      .set({ stock: 10 })
      .where(and(eq(placeProducts.appId, s.app.uid), eq(placeProducts.placeUid, s.places.a)));
    const products = (await t.get(`/api/v7/places/${s.places.a}/products/`, { host: s.host })).data
      .results as { uid: string; title: string }[];
    const checkout = (
      await t.get(`/api/v5/places/${s.places.a}/checkout-options/`, { host: s.host })
    ).data;
    const res = await t.post(
      `/api/v5/places/${s.places.a}/subscriptions/`,
      {
        products: [{ uid: products.find((p) => p.title === 'Torta')!.uid, quantity: 1 }],
        weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
        time_slot: { start: '08:00', end: '08:30' },
        payment_method: checkout.payment_methods[0].uid,
      },
      { host: s.host, headers: s.auth.ana },
    );
    assert.equal(res.statusCode, 201, res.body);
    everyDay = res.data.uid;
  });

  test('tomorrow by default: the active subscriptions of that weekday, by slot, with client, items and slot', async () => {
    const tomorrow = addDays(storeDateOf(new Date()), 1);
    const res = await due('', s.auth.staff);
    assert.equal(res.statusCode, 200, res.body);
    const rows = res.data.results as Due[];
    assert.ok(rows.length >= 1);
    assert.ok(rows.every((r) => r.service_date === tomorrow));
    const mine = rows.find((r) => r.subscription_uid === everyDay)!;
    assert.ok(mine, res.body);
    assert.equal(mine.day_status, 'pending');
    assert.equal(mine.order_uid, null);
    assert.deepEqual(mine.time_slot, { start: '08:00', end: '08:30' });
    assert.deepEqual(mine.client, {
      uid: s.users.ana.uid,
      name: 'Ana Prueba',
      document_number: '70000010',
      mobile_number: '+51911000001',
    });
    assert.deepEqual(
      mine.products.map((p) => [p.title, p.quantity]),
      [['Torta', 1]],
    );
    const explicit = await due(`?date=${tomorrow}`, s.auth.staff);
    assert.deepEqual(explicit.data, res.data);
  });

  test('a chosen day: its weekday only, what the run did, by slot then place; place filter and paging', async () => {
    const res = await due(`?date=${monday}`, s.auth.owner);
    assert.equal(res.statusCode, 200, res.body);
    const rows = res.data.results as Due[];
    assert.deepEqual(
      rows.map((r) => r.subscription_uid),
      [everyDay, subs.a, subs.b],
      "by slot, then place; the rival company's is not listed",
    );
    // The run skipped that Monday for the two Monday subscriptions; the new one is still to run.
    assert.deepEqual(
      rows.map((r) => r.day_status),
      ['pending', 'skipped', 'skipped'],
    );
    const tuesday = addDays(monday, 1);
    const onTuesday = await due(`?date=${tuesday}`, s.auth.owner);
    assert.deepEqual(
      onTuesday.data.results.map((r: Due) => r.subscription_uid),
      [everyDay],
    );
    // A day before the subscription was made: not due then.
    const past = await due('?date=2020-01-06', s.auth.owner);
    assert.equal(past.data.count, 0);

    const atB = await due(`?date=${monday}&place_uid=${s.places.b}`, s.auth.owner);
    assert.deepEqual(
      atB.data.results.map((r: Due) => r.subscription_uid),
      [subs.b],
    );
    const page2 = await due(`?date=${monday}&page_size=2&page=2`, s.auth.owner);
    assert.equal(page2.data.count, 3);
    assert.deepEqual(
      page2.data.results.map((r: Due) => r.subscription_uid),
      [subs.b],
    );

    const badDay = await due('?date=2026-02-30', s.auth.owner);
    assert.equal(badDay.statusCode, 400);
    assert.ok(badDay.data.date);
    const foreignPlace = await due(`?place_uid=${s.places.rival}`, s.auth.owner);
    assert.equal(foreignPlace.statusCode, 400);
    assert.deepEqual(foreignPlace.data, { place_uid: [messageText(staffMessages.placeNotFound)] });
  });

  test('a canceled subscription is no longer due', async () => {
    const before = await due(`?date=${monday}`, s.auth.owner);
    const cancel = await t.patch(
      `/api/v5/subscriptions/${subs.a}/`,
      { status: 'canceled_by_user' },
      { host: s.host, headers: s.auth.ana },
    );
    assert.equal(cancel.statusCode, 200, cancel.body);
    const after = await due(`?date=${monday}`, s.auth.owner);
    assert.equal(after.data.count, before.data.count - 1);
    assert.ok(!after.body.includes(subs.a));
  });

  test('places, companies and roles: limited staff, the rival company, validators and customers', async () => {
    const limited = await due(`?date=${monday}`, limitedStaff);
    assert.equal(limited.statusCode, 200, limited.body);
    assert.deepEqual(
      limited.data.results.map((r: Due) => r.subscription_uid),
      [subs.b],
    );
    const other = await due(`?place_uid=${s.places.a}`, limitedStaff);
    assert.equal(other.statusCode, 400);
    assert.deepEqual(other.data, { place_uid: [messageText(staffMessages.placeNotAllowed)] });

    const rival = await due(`?date=${monday}`, s.auth.rival);
    assert.equal(rival.statusCode, 200, rival.body);
    assert.deepEqual(
      rival.data.results.map((r: Due) => r.subscription_uid),
      [subs.rival],
    );
    assert.ok(!rival.body.includes(s.users.ana.uid));

    assert.equal((await t.get(DUE, { host: s.host })).statusCode, 401);
    assert.equal((await due('', s.auth.ana)).statusCode, 403);
    assert.equal((await due('', s.auth.validator)).statusCode, 403);
  });
});
