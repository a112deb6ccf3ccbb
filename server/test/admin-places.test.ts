import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import {
  adminMessages,
  adminPlacesMessages,
  formMessages,
  messageText,
  orderMessages,
} from '@store/contract';
import { auditLog, places } from '../src/db/schema';
import { importTenant } from '../src/tenants/importer';
import { startTestApp, type TestApp } from './support/test-app';
import { inviteStaff, makeStaffShop, placeOrder, type StaffShop } from './support/staff';

/**
 * The back office's places: the list with open-now and taking-orders, the editor's rules
 * (field errors, nothing written), optimistic concurrency, the audit log, a MANAGER limited
 * to one place, and the store using the new values (pickup slots, checkout, the pause).
 */
let t: TestApp;
let s: StaffShop;
type Auth = Record<string, string>;
let managerOfB: Auth;
const url = (uid: string) => `/api/v5/admin/places/${uid}/`;
const opts = (headers: Auth, body?: unknown) => ({ host: s.host, headers, body });

async function read(uid: string) {
  const res = await t.get(url(uid), opts(s.auth.owner));
  assert.equal(res.statusCode, 200, res.body);
  return res.data;
}
async function rowOf(uid: string) {
  const [row] = await t.db
    .select()
    .from(places)
    .where(and(eq(places.appId, s.app.uid), eq(places.uid, uid)));
  return row;
}

/** The place as the shopper's place list serves it. */
async function publicPlace(uid: string) {
  const res = await t.get('/api/v7/places/?page_size=100', { host: s.host });
  assert.equal(res.statusCode, 200, res.body);
  return res.data.results.find((p: { uid: string }) => p.uid === uid);
}

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'admin-places');
  managerOfB = await inviteStaff(t, s, 'nobody@staff.test', 'MANAGER', [s.places.b]);
});
after(() => t?.close());

describe('the list of places', () => {
  test("the owner sees the company's places, open now and taking orders; never the rival's", async () => {
    const res = await t.get('/api/v5/admin/places/?sort=-name', opts(s.auth.owner));
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.data.results.map((p: { name: string }) => p.name),
      ['Local B', 'Local A'],
    );
    const a = res.data.results[1];
    assert.equal(a.open_now, true, 'open all day');
    assert.equal(a.taking_orders, true);
    assert.deepEqual(a.delivery, {
      enabled: true,
      base_fare: '5.00',
      per_km: '1.00',
      max_radius_km: 10,
    });
    assert.equal(a.pickup_enabled, true);
    assert.ok(!res.body.includes(s.places.rival));
    const search = await t.get('/api/v5/admin/places/?q=b', opts(s.auth.owner));
    assert.deepEqual(
      search.data.results.map((p: { name: string }) => p.name),
      ['Local B'],
    );
  });

  test('a MANAGER limited to place B sees and edits B only', async () => {
    const list = await t.get('/api/v5/admin/places/', opts(managerOfB));
    assert.equal(list.statusCode, 200, list.body);
    assert.deepEqual(
      list.data.results.map((p: { uid: string }) => p.uid),
      [s.places.b],
    );
    assert.equal((await t.get(url(s.places.a), opts(managerOfB))).statusCode, 404);
    const before = await rowOf(s.places.a);
    const res = await t.patch(url(s.places.a), { name: 'X', version: 1 }, opts(managerOfB));
    assert.equal(res.statusCode, 404, res.body);
    assert.deepEqual(await rowOf(s.places.a), before);
    const b = await read(s.places.b);
    const own = await t.patch(
      url(s.places.b),
      { telephone1: '+51 1 555 0101', version: b.version },
      opts(managerOfB),
    );
    assert.equal(own.statusCode, 200, own.body);
    assert.equal(own.data.telephone1, '+51 1 555 0101');
  });

  test('customers and counter staff are refused', async () => {
    for (const who of [s.auth.ana, s.auth.staff]) {
      const res = await t.get('/api/v5/admin/places/', opts(who));
      assert.equal(res.statusCode, 403, res.body);
      assert.deepEqual(res.data, { detail: messageText(adminMessages.notAdmin) });
    }
  });

  test("the owner of another company of the tenant gets 404 for this company's place", async () => {
    const bare = await s.login('bare@staff.test');
    const list = await t.get('/api/v5/admin/places/', opts(bare));
    assert.equal(list.statusCode, 200, list.body);
    assert.equal(list.data.count, 0);
    const before = await rowOf(s.places.a);
    const res = await t.patch(url(s.places.a), { orders_paused: true, version: 1 }, opts(bare));
    assert.equal(res.statusCode, 404, res.body);
    assert.deepEqual(await rowOf(s.places.a), before);
  });
});

describe('the editor: field errors in Spanish, nothing written', () => {
  const refused = async (body: Record<string, unknown>) => {
    const before = await rowOf(s.places.a);
    const res = await t.patch(
      url(s.places.a),
      { ...body, version: before.version },
      opts(s.auth.owner),
    );
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(await rowOf(s.places.a), before, 'nothing written');
    return res.data as Record<string, string[]>;
  };
  const week = {
    monday: { from: '08:00', to: '20:00' },
    saturday: null,
    sunday: null,
    extra_note: '',
  };

  test('a time that is not HH:MM, and a day opening and closing at once', async () => {
    const bad = await refused({
      timetable: {
        ...week,
        monday: { from: '25:00', to: '20:00' },
        sunday: { from: '09:00', to: '09:00' },
      },
    });
    // The spec's one-range form is read as the opening hours: Monday's hours on every weekday.
    assert.deepEqual(bad['timetable.days.monday.0.from'], [messageText(formMessages.time)]);
    assert.deepEqual(bad['timetable.days.friday.0.from'], [messageText(formMessages.time)]);
    assert.deepEqual(bad['timetable.days.sunday.0.to'], [
      messageText(adminPlacesMessages.placeHoursSame),
    ]);
    assert.equal(
      messageText(adminPlacesMessages.placeHoursSame),
      'La hora de cierre debe ser distinta de la de apertura.',
    );
  });

  test('latitude without longitude, out of range, and a bad phone', async () => {
    const pair = await refused({ latitude: -12.1, longitude: null, delivery: undefined });
    assert.deepEqual(pair.latitude, [messageText(adminPlacesMessages.placeLocationPair)]);
    const range = await refused({ latitude: 91, telephone1: 'llámame' });
    assert.deepEqual(range.latitude, [messageText(adminPlacesMessages.placeLatitudeRange)]);
    assert.deepEqual(range.telephone1, [messageText(adminPlacesMessages.placePhoneFormat)]);
  });

  test('delivery needs the map pin; a place offers pickup or delivery', async () => {
    const pin = await refused({ latitude: null, longitude: null });
    assert.deepEqual(pin['delivery.enabled'], [
      messageText(adminPlacesMessages.placeDeliveryNeedsPin),
    ]);
    const none = await refused({
      pickup_enabled: false,
      delivery: { enabled: false, base_fare: '5', per_km: '1', max_radius_km: 10 },
    });
    assert.deepEqual(none.pickup_enabled, [messageText(adminPlacesMessages.placeNoShipping)]);
    const radius = await refused({
      delivery: { enabled: true, base_fare: '5', per_km: '-1', max_radius_km: 0 },
    });
    assert.deepEqual(radius['delivery.max_radius_km'], [
      messageText(adminPlacesMessages.placeRadiusRange),
    ]);
    assert.ok(radius['delivery.per_km']);
  });

  test('delivery off with radius 0 (a new marketplace place) saves its hours; on, the radius counts', async () => {
    const place = await read(s.places.b);
    const seeded = await rowOf(s.places.b);
    const res = await t.patch(
      url(s.places.b),
      {
        timetable: { ...week },
        delivery: { enabled: false, base_fare: '0.00', per_km: '0.00', max_radius_km: 0 },
        version: place.version,
      },
      opts(s.auth.owner),
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.delivery.max_radius_km, 0);
    const on = await t.patch(
      url(s.places.b),
      {
        delivery: { enabled: true, base_fare: '0.00', per_km: '0.00', max_radius_km: 0 },
        version: res.data.version,
      },
      opts(s.auth.owner),
    );
    assert.equal(on.statusCode, 400, on.body);
    assert.deepEqual(on.data['delivery.max_radius_km'], [
      messageText(adminPlacesMessages.placeRadiusRange),
    ]);
    // Back as the other tests expect it (the seed's all-day hours are not typeable in the form).
    const back = await t.patch(
      url(s.places.b),
      { delivery: place.delivery, version: res.data.version },
      opts(s.auth.owner),
    );
    assert.equal(back.statusCode, 200, back.body);
    await t.db
      .update(places)
      .set({ timetable: seeded.timetable })
      .where(and(eq(places.appId, s.app.uid), eq(places.uid, s.places.b)));
  });

  test('unknown fields and a missing version are refused', async () => {
    const res = await t.patch(url(s.places.a), { name: 'X' }, opts(s.auth.owner));
    assert.equal(res.statusCode, 400, res.body);
    assert.ok(res.data.version, res.body);
    const extra = await t.patch(url(s.places.a), { key: 'x', version: 1 }, opts(s.auth.owner));
    assert.equal(extra.statusCode, 400, extra.body);
  });
});

describe('concurrency and the audit log', () => {
  test('two edits of the same version at once: one wins, the other gets 409 with the place as it is', async () => {
    const place = await read(s.places.a);
    const [one, two] = await Promise.all(
      ['Local A Centro', 'Local A Norte'].map((name) =>
        t.patch(url(s.places.a), { name, version: place.version }, opts(s.auth.owner)),
      ),
    );
    const codes = [one.statusCode, two.statusCode].sort();
    assert.deepEqual(codes, [200, 409], one.body + two.body);
    const [won, lost] = one.statusCode === 200 ? [one, two] : [two, one];
    assert.equal(JSON.parse(lost.body).code, 'admin.version_conflict');
    assert.equal(lost.data.detail, messageText(adminMessages.versionConflict));
    assert.equal(lost.data.current.name, won.data.name);
    assert.equal(lost.data.current.version, place.version + 1);
    assert.equal((await rowOf(s.places.a)).name, won.data.name);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.appId, s.app.uid), eq(auditLog.entityUid, s.places.a)));
    const line = audit.find((l) => (l.after as { name: string }).name === won.data.name)!;
    assert.equal(line.entity, 'place');
    assert.equal(line.action, 'update');
    assert.equal((line.before as { name: string }).name, place.name);
    assert.equal(line.actorRole, 'OWNER');
    const listed = await t.get(
      `/api/v5/admin/audit/?entity=place&entity_uid=${s.places.a}`,
      opts(s.auth.owner),
    );
    assert.equal(listed.statusCode, 200, listed.body);
    assert.ok(listed.data.count >= 1);
  });
});

describe('the store uses the new values', () => {
  test('a new timetable: the public place and its pickup slots follow it', async () => {
    const place = await read(s.places.a);
    const timetable = {
      monday: { from: '09:00', to: '13:00' },
      saturday: { from: '10:00', to: '12:00' },
      sunday: null,
      extra_note: 'Feriados cerrado',
    };
    const res = await t.patch(
      url(s.places.a),
      { timetable, version: place.version },
      opts(s.auth.owner),
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.version, place.version + 1);
    const pub = await publicPlace(s.places.a);
    assert.deepEqual(pub.timetable, timetable);
    const schedule = await t.get(`/api/v7/places/${s.places.a}/pickup-schedule/?days=14`, {
      host: s.host,
    });
    for (const day of schedule.data.days) {
      const weekday = new Date(`${day.date}T12:00:00Z`).getUTCDay();
      assert.notEqual(weekday, 0, 'no slots on Sunday');
      const last = weekday === 6 ? '11:30' : '12:30';
      for (const slot of day.slots)
        assert.ok(slot.start >= '09:00' && slot.start <= last, slot.start);
    }
  });

  test('a paused place refuses orders until switched back; the list says so', async () => {
    const place = await read(s.places.b);
    const paused = await t.patch(
      url(s.places.b),
      { orders_paused: true, version: place.version },
      opts(s.auth.owner),
    );
    assert.equal(paused.statusCode, 200, paused.body);
    assert.equal(paused.data.taking_orders, false);
    assert.equal((await publicPlace(s.places.b)).orders_paused, true);
    await assert.rejects(placeOrder(t, s, s.auth.ana, s.places.b), (err: Error) =>
      err.message.includes(messageText(orderMessages.placePaused)),
    );
    const back = await t.patch(
      url(s.places.b),
      { orders_paused: false, version: paused.data.version },
      opts(s.auth.owner),
    );
    assert.equal(back.statusCode, 200, back.body);
    const order = await placeOrder(t, s, s.auth.ana, s.places.b);
    assert.ok(order.uid);
  });

  test('pickup off and a smaller delivery radius reach the checkout', async () => {
    const place = await read(s.places.b);
    const res = await t.patch(
      url(s.places.b),
      {
        pickup_enabled: false,
        delivery: { enabled: true, base_fare: '7.5', per_km: '2', max_radius_km: 0.5 },
        version: place.version,
      },
      opts(s.auth.owner),
    );
    assert.equal(res.statusCode, 200, res.body);
    const options = await t.get(`/api/v5/places/${s.places.b}/checkout-options/`, { host: s.host });
    assert.equal(options.data.pickup, false);
    assert.deepEqual(options.data.delivery, {
      enabled: true,
      base_fare: '7.50',
      per_km: '2.00',
      max_radius_km: 0.5,
    });
    // The shared helper asks for the first pickup slot: refused now, with the field named.
    await assert.rejects(placeOrder(t, s, s.auth.ana, s.places.b), (err: Error) =>
      err.message.includes(messageText(orderMessages.pickupDisabled)),
    );
    // The delivery point of the helper is about 150 m away: inside 0.5 km, at the new fare.
    const order = await placeOrder(t, s, s.auth.ana, s.places.b, { delivery: true });
    assert.ok(order.uid);
  });

  test('a tenant-file import overwrites what the file names, pickup and the pause included, and moves the version', async () => {
    const place = await read(s.places.a);
    const paused = await t.patch(
      url(s.places.a),
      { orders_paused: true, pickup_enabled: false, version: place.version },
      opts(s.auth.owner),
    );
    assert.equal(paused.statusCode, 200, paused.body);
    const file = (await t.get('/api/v5/admin/export/', opts(s.auth.owner))).data;
    const filed = file.places.find((p: { key: string }) => p.key === 'main-a');
    assert.equal(filed.orders_paused, true, 'the export carries the pause');
    assert.equal(filed.pickup_enabled, false, 'and pickup');
    filed.name = 'Local A (archivo)';
    filed.orders_paused = false;
    await importTenant(t.db, file);
    const after = await read(s.places.a);
    assert.equal(after.name, 'Local A (archivo)');
    assert.equal(after.orders_paused, false);
    assert.equal(after.pickup_enabled, false);
    assert.ok(after.version > paused.data.version);
    const stale = await t.patch(
      url(s.places.a),
      { orders_paused: false, version: paused.data.version },
      opts(s.auth.owner),
    );
    assert.equal(stale.statusCode, 409, stale.body);
  });
});
