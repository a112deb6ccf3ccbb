import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import {
  addDays,
  adminEventsMessages,
  adminMessages,
  errorMessages,
  formMessages,
  formatMessage,
  messageText,
  storeDateOf,
} from '@store/contract';
import { auditLog, events } from '../src/db/schema';
import { exportTenant } from '../src/tenants/exporter';
import { importTenant } from '../src/tenants/importer';
import { startTestApp, type TestApp } from './support/test-app';
import { inviteStaff, makeStaffShop, type StaffShop } from './support/staff';

/**
 * The back office's events: the form's rules (Spanish field errors, nothing written), drafts
 * that never reach the store, publishing that shows at once (the public micro-cache is on here),
 * optimistic concurrency, the audit line, the list's order, a MANAGER limited to places, who
 * may call it, apps without events, and the tenant file.
 */
let t: TestApp;
let s: StaffShop;
type Auth = Record<string, string>;
let limited: Auth;
let company = '';
const URL = '/api/v5/admin/events/';
const opts = (headers: Auth, body?: unknown) => ({ host: s.host, headers, body });
const today = storeDateOf(new Date());

/** The whole form, as the editor sends it (a PUT needs every field). */
const event = (extra: Record<string, unknown> = {}) => ({
  name: 'Noche de jazz',
  description: 'Trío en vivo',
  image: null,
  place: s.places.a,
  location: '',
  start_date: addDays(today, 10),
  start_time: '20:00',
  end_date: null,
  end_time: '23:00',
  link: 'https://tickets.example.com/jazz',
  ...extra,
});
const put = (url: string, body: unknown, init: { host: string; headers: Auth }) =>
  t.call('PUT', url, { ...init, body });
async function create(body: Record<string, unknown>, who: Auth = s.auth.owner) {
  return t.post(URL, body, opts(who));
}
async function made(body: Record<string, unknown>, who: Auth = s.auth.owner) {
  const res = await create(body, who);
  assert.equal(res.statusCode, 201, res.body);
  return res.data as { uid: string; version: number; published: boolean; name: string };
}
async function rows() {
  return t.db.select().from(events).where(eq(events.appId, s.app.uid));
}
async function auditCount() {
  return (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.appId, s.app.uid), eq(auditLog.entity, 'event')))
  ).length;
}
/** What a visitor of the store gets: the company's list (names) and one event's status. */
async function storeList(): Promise<string[]> {
  const res = await t.get(`/api/v5/companies/${company}/events/`, { host: s.host });
  assert.equal(res.statusCode, 200, res.body);
  return res.data.results.map((e: { name: string }) => e.name);
}
async function storeStatus(uid: string) {
  return (await t.get(`/api/v5/events/${uid}/`, { host: s.host })).statusCode;
}

before(async () => {
  // The public micro-cache on, as in production: publishing must still show at once.
  t = await startTestApp({ publicCacheSeconds: 60 });
  s = await makeStaffShop(t, 'admin-events', { events: true });
  company = (await t.appOf(s.host)).company.uid;
  limited = await inviteStaff(t, s, 'nobody@staff.test', 'MANAGER', [s.places.b]);
});
after(() => t?.close());

describe('the form', () => {
  test('bad input: 400 with Spanish messages on each field, nothing written', async () => {
    const before = { rows: await rows(), audit: await auditCount() };
    const res = await create({
      name: ' ',
      place: null,
      location: '',
      start_date: addDays(today, 3),
      end_date: addDays(today, 2),
      link: 'javascript:alert(1)',
      image: 'javascript:alert(1)',
    });
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(res.data, {
      name: [messageText(formMessages.required)],
      image: [messageText(formMessages.url)],
      link: [messageText(adminEventsMessages.eventLinkInvalid)],
      location: [messageText(adminEventsMessages.eventWhereRequired)],
      end_date: [messageText(adminEventsMessages.eventEndBeforeStart)],
    });
    assert.equal(res.data.name[0], 'Este campo es requerido');

    const cases: [Record<string, unknown>, string, string][] = [
      [
        { start_time: '21:00', end_time: '20:30' },
        'end_time',
        adminEventsMessages.eventEndBeforeStart,
      ],
      [{ start_time: null, end_time: '20:30' }, 'end_time', adminEventsMessages.eventEndTimeAlone],
      [{ start_time: '25:00' }, 'start_time', formMessages.time],
      [{ start_date: '2026-02-30' }, 'start_date', formMessages.date],
      [{ start_date: '' }, 'start_date', formMessages.required],
      [{ link: 'ftp://example.com/x' }, 'link', adminEventsMessages.eventLinkInvalid],
      [{ link: 'https://' }, 'link', adminEventsMessages.eventLinkInvalid],
      [{ link: 'JAVASCRIPT:alert(1)//https://x' }, 'link', adminEventsMessages.eventLinkInvalid],
      [{ place: s.places.rival }, 'place', adminEventsMessages.eventPlaceNotAllowed],
      [{ place: "x' OR 1=1" }, 'place', adminEventsMessages.eventPlaceNotAllowed],
      [{ name: 'x'.repeat(201) }, 'name', formatMessage('form.too_long', { max: 200 })],
    ];
    for (const [change, field, message] of cases) {
      const bad = await create(event(change));
      assert.equal(bad.statusCode, 400, `${JSON.stringify(change)}: ${bad.body}`);
      assert.deepEqual(bad.data[field], [messageText(message)], JSON.stringify(change));
    }
    const extra = await create(event({ surprise: 1 }));
    assert.equal(extra.statusCode, 400, extra.body);
    assert.deepEqual(await rows(), before.rows);
    assert.equal(await auditCount(), before.audit);
  });

  test('an event at a place written out, ending on a later day, all day; the end time alone means the start day', async () => {
    const outside = await made({
      name: 'Feria en el parque',
      place: null,
      location: 'Parque Kennedy, Miraflores',
      start_date: addDays(today, 20),
      end_date: addDays(today, 21),
    });
    assert.equal((outside as unknown as { place: unknown }).place, null);
    const sameDay = await made(event({ name: 'Cata', end_date: null, end_time: '22:00' }));
    const got = await t.get(`${URL}${sameDay.uid}/`, opts(s.auth.owner));
    assert.equal(got.statusCode, 200, got.body);
    assert.equal(got.data.end_date, null);
    assert.equal(got.data.end_time, '22:00');
    assert.deepEqual(got.data.place, { uid: s.places.a, name: 'Local A' });
  });
});

describe('drafts and publishing', () => {
  test('a new event is a draft: the store never shows it, not even by its uid', async () => {
    const draft = await made(event({ name: 'Borrador secreto' }));
    assert.equal(draft.published, false);
    assert.ok(!(await storeList()).includes('Borrador secreto'));
    assert.equal(await storeStatus(draft.uid), 404);
  });

  test('published, the store shows it on its next read; taken back to draft, it is gone at once', async () => {
    const e = await made(event({ name: 'Concierto de verano' }));
    // Read once as a visitor, so a cached answer would still lack it.
    assert.ok(!(await storeList()).includes('Concierto de verano'));
    const published = await t.patch(
      `${URL}${e.uid}/`,
      { published: true, version: e.version },
      opts(s.auth.owner),
    );
    assert.equal(published.statusCode, 200, published.body);
    assert.equal(published.data.published, true);
    assert.equal(published.data.version, e.version + 1);
    assert.ok((await storeList()).includes('Concierto de verano'));
    assert.equal(await storeStatus(e.uid), 200);
    const detail = (await t.get(`/api/v5/events/${e.uid}/`, { host: s.host })).data;
    assert.equal(detail.link, 'https://tickets.example.com/jazz');
    assert.equal(detail.place.name, 'Local A');

    const back = await t.patch(
      `${URL}${e.uid}/`,
      { published: false, version: published.data.version },
      opts(s.auth.owner),
    );
    assert.equal(back.statusCode, 200, back.body);
    assert.ok(!(await storeList()).includes('Concierto de verano'));
    assert.equal(await storeStatus(e.uid), 404);
  });

  test('created published in one step', async () => {
    const e = await made(event({ name: 'Publicado de una vez', published: true }));
    assert.equal(e.published, true);
    assert.ok((await storeList()).includes('Publicado de una vez'));
  });
});

describe('versions and audit', () => {
  test('a save on a stale version is 409 with the event as it is now, nothing written', async () => {
    const e = await made(event({ name: 'Versionado' }));
    const saved = await put(
      `${URL}${e.uid}/`,
      { ...event({ name: 'Versionado 2' }), version: e.version },
      opts(s.auth.owner),
    );
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(saved.data.name, 'Versionado 2');
    assert.equal(saved.data.published, false, 'a save without `published` leaves it a draft');
    for (const call of [
      () =>
        put(
          `${URL}${e.uid}/`,
          { ...event({ name: 'Pisado' }), version: e.version },
          opts(s.auth.owner),
        ),
      () => t.patch(`${URL}${e.uid}/`, { published: true, version: e.version }, opts(s.auth.owner)),
      () => t.call('DELETE', `${URL}${e.uid}/?version=${e.version}`, opts(s.auth.owner)),
    ]) {
      const stale = await call();
      assert.equal(stale.statusCode, 409, stale.body);
      assert.equal(stale.errorCodes?.code, adminMessages.versionConflict);
      assert.deepEqual(stale.data.current, saved.data);
    }
    const now = await t.get(`${URL}${e.uid}/`, opts(s.auth.owner));
    assert.deepEqual(now.data, saved.data);
  });

  test('a bad edit is a 400 and leaves the event as it was', async () => {
    const e = await made(event({ name: 'Intacto' }));
    const before = await rows();
    const res = await put(
      `${URL}${e.uid}/`,
      { ...event({ start_time: '22:00', end_time: '21:00' }), version: e.version },
      opts(s.auth.owner),
    );
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(res.data, {
      end_time: [messageText(adminEventsMessages.eventEndBeforeStart)],
    });
    assert.deepEqual(await rows(), before);
  });

  test('create, save, publish and delete each write one audit line with before and after', async () => {
    const start = await auditCount();
    const e = await made(event({ name: 'Auditado' }));
    const saved = await put(
      `${URL}${e.uid}/`,
      { ...event({ name: 'Auditado 2' }), version: e.version },
      opts(s.auth.owner),
    );
    const published = await t.patch(
      `${URL}${e.uid}/`,
      { published: true, version: saved.data.version },
      opts(s.auth.owner),
    );
    const gone = await t.call(
      'DELETE',
      `${URL}${e.uid}/?version=${published.data.version}`,
      opts(s.auth.owner),
    );
    assert.equal(gone.statusCode, 204, gone.body);
    assert.equal(await storeStatus(e.uid), 404);
    assert.equal((await t.get(`${URL}${e.uid}/`, opts(s.auth.owner))).statusCode, 404);
    const lines = await t.get(
      `/api/v5/admin/audit/?entity=event&entity_uid=${e.uid}`,
      opts(s.auth.owner),
    );
    assert.equal(lines.statusCode, 200, lines.body);
    assert.deepEqual(lines.data.results.map((l: { action: string }) => l.action).reverse(), [
      'create',
      'update',
      'update',
      'delete',
    ]);
    const [deleted, publish] = lines.data.results;
    assert.equal(deleted.before.name, 'Auditado 2');
    assert.equal(deleted.after, null);
    assert.equal(publish.before.published, false);
    assert.equal(publish.after.published, true);
    assert.equal(await auditCount(), start + 4);
  });
});

describe('the list', () => {
  test('coming events soonest first (all-day first on its day); past ones apart, latest first', async () => {
    const shop = await makeStaffShop(t, 'admin-events-list', { events: true });
    const o = { host: shop.host, headers: shop.auth.owner };
    const add = async (name: string, start: string, time: string | null, end?: string) => {
      const res = await t.post(
        URL,
        { name, place: shop.places.a, start_date: start, start_time: time, end_date: end ?? null },
        o,
      );
      assert.equal(res.statusCode, 201, res.body);
    };
    await add('En un mes', addDays(today, 30), '19:00');
    await add('Mañana noche', addDays(today, 1), '21:00');
    await add('Mañana todo el día', addDays(today, 1), null);
    await add('Hoy', today, '08:00');
    await add('Empezó ayer, termina hoy', addDays(today, -1), null, today);
    await add('La semana pasada', addDays(today, -7), '20:00');
    await add('Ayer', addDays(today, -1), '20:00');
    const names = async (query: string) => {
      const res = await t.get(`${URL}${query}`, o);
      assert.equal(res.statusCode, 200, res.body);
      return {
        names: res.data.results.map((e: { name: string }) => e.name),
        past: res.data.results.map((e: { past: boolean }) => e.past),
        count: res.data.count,
      };
    };
    const upcoming = await names('');
    assert.deepEqual(upcoming.names, [
      'Empezó ayer, termina hoy',
      'Hoy',
      'Mañana todo el día',
      'Mañana noche',
      'En un mes',
    ]);
    assert.ok(upcoming.past.every((p: boolean) => !p));
    const past = await names('?when=past');
    assert.deepEqual(past.names, ['Ayer', 'La semana pasada']);
    assert.ok(past.past.every(Boolean));
    const paged = await names('?page_size=2&page=2');
    assert.deepEqual(paged.names, ['Mañana todo el día', 'Mañana noche']);
    assert.equal(paged.count, 5);
    assert.deepEqual((await names('?q=mañana')).names, ['Mañana todo el día', 'Mañana noche']);
    assert.deepEqual((await names('?q=%25')).names, []);
    assert.equal((await names('?published=true')).count, 0);
    assert.equal((await names('?published=false')).count, 5);
    assert.equal((await t.get(`${URL}?when=soon`, o)).statusCode, 400);
  });
});

describe('who sees and edits what', () => {
  test('a MANAGER limited to place B sees and edits only events at B, and must choose B', async () => {
    const atA = await made(event({ name: 'En A', place: s.places.a }));
    const atB = await made(event({ name: 'En B', place: s.places.b }));
    const outside = await made(event({ name: 'Fuera', place: null, location: 'Plaza' }));
    // The back office knows the manager is limited (its editor offers their places only).
    const me = await t.get('/api/v5/admin/me/', opts(limited));
    assert.deepEqual(
      [me.data.limited_to_places, me.data.places.map((p: { uid: string }) => p.uid)],
      [true, [s.places.b]],
    );
    assert.equal(
      (await t.get('/api/v5/admin/me/', opts(s.auth.owner))).data.limited_to_places,
      false,
    );
    const list = await t.get(`${URL}?page_size=100`, opts(limited));
    assert.equal(list.statusCode, 200, list.body);
    const seen = list.data.results.map((e: { name: string }) => e.name);
    assert.ok(seen.includes('En B'), seen.join());
    assert.ok(!seen.includes('En A') && !seen.includes('Fuera'), seen.join());
    for (const other of [atA, outside]) {
      assert.equal((await t.get(`${URL}${other.uid}/`, opts(limited))).statusCode, 404);
      const res = await t.patch(
        `${URL}${other.uid}/`,
        { published: true, version: other.version },
        opts(limited),
      );
      assert.equal(res.statusCode, 404, res.body);
    }
    const moved = await put(
      `${URL}${atB.uid}/`,
      { ...event({ name: 'En B', place: s.places.a }), version: atB.version },
      opts(limited),
    );
    assert.equal(moved.statusCode, 400, moved.body);
    assert.deepEqual(moved.data.place, [messageText(adminEventsMessages.eventPlaceNotAllowed)]);
    const nowhere = await create(event({ place: null, location: 'Plaza' }), limited);
    assert.equal(nowhere.statusCode, 400, nowhere.body);
    assert.deepEqual(nowhere.data.place, [messageText(adminEventsMessages.eventPlaceNotAllowed)]);
    const mine = await made(event({ name: 'Del gerente', place: s.places.b }), limited);
    const published = await t.patch(
      `${URL}${mine.uid}/`,
      { published: true, version: mine.version },
      opts(limited),
    );
    assert.equal(published.statusCode, 200, published.body);
  });

  test('counter staff and customers are refused, anonymous is 401; another company is 404', async () => {
    const e = await made(event({ name: 'Solo de Main' }));
    for (const who of [s.auth.staff, s.auth.validator, s.auth.ana]) {
      for (const res of [
        await t.get(URL, opts(who)),
        await t.get(`${URL}${e.uid}/`, opts(who)),
        await create(event(), who),
      ]) {
        assert.equal(res.statusCode, 403, res.body);
        assert.deepEqual(res.data, { detail: messageText(adminMessages.notAdmin) });
      }
    }
    assert.equal((await t.get(URL, { host: s.host })).statusCode, 401);
    // The owner of another company of the same store.
    const bare = await s.login('bare@staff.test');
    assert.equal((await t.get(`${URL}${e.uid}/`, opts(bare))).statusCode, 404);
    const stolen = await put(
      `${URL}${e.uid}/`,
      { ...event({ name: 'Robado', place: null, location: 'x' }), version: e.version },
      opts(bare),
    );
    assert.equal(stolen.statusCode, 404, stolen.body);
    const gone = await t.call('DELETE', `${URL}${e.uid}/?version=${e.version}`, opts(bare));
    assert.equal(gone.statusCode, 404, gone.body);
    const theirs = await t.get(`${URL}?page_size=100`, opts(bare));
    assert.equal(theirs.statusCode, 200, theirs.body);
    assert.ok(!theirs.body.includes('Solo de Main'));
    const foreign = await create(event({ place: s.places.a }), bare);
    assert.equal(foreign.statusCode, 400, foreign.body);
    assert.deepEqual(foreign.data.place, [messageText(adminEventsMessages.eventPlaceNotAllowed)]);
    const still = await t.get(`${URL}${e.uid}/`, opts(s.auth.owner));
    assert.equal(still.data.name, 'Solo de Main');
  });

  test('a store without events: every call is 404', async () => {
    const plain = await makeStaffShop(t, 'admin-events-off');
    const o = { host: plain.host, headers: plain.auth.owner };
    const list = await t.get(URL, o);
    assert.equal(list.statusCode, 404, list.body);
    assert.deepEqual(list.data, { detail: messageText(errorMessages.notFound) });
    const res = await t.post(URL, event({ place: plain.places.a }), o);
    assert.equal(res.statusCode, 404, res.body);
    assert.equal(
      (await t.db.select().from(events).where(eq(events.appId, plain.app.uid))).length,
      0,
    );
  });
});

describe('the tenant file', () => {
  test('an event made here exports and imports back as the same event; a file without it leaves it be', async () => {
    const e = await made(event({ name: 'Exportado', published: true }));
    const file = await exportTenant(t.db, s.app.uid);
    const exported = (file.events as { key: string; name: string }[]).find(
      (x) => x.name === 'Exportado',
    );
    assert.ok(exported?.key.startsWith('admin-'), JSON.stringify(exported));
    await importTenant(t.db, JSON.parse(JSON.stringify(file)));
    const after = await t.get(`${URL}${e.uid}/`, opts(s.auth.owner));
    assert.equal(after.statusCode, 200, after.body);
    assert.equal(after.data.published, true);
    assert.ok(after.data.version > e.version, 'the import moved its version');
    const count = (await rows()).length;

    const without = JSON.parse(JSON.stringify(file));
    without.events = without.events.filter((x: { key: string }) => !x.key.startsWith('admin-'));
    await importTenant(t.db, without);
    assert.equal((await rows()).length, count, 'no copy, nothing deleted');
    const kept = await t.get(`${URL}${e.uid}/`, opts(s.auth.owner));
    assert.equal(kept.data.published, true, 'a file that does not name it does not unpublish it');
    assert.ok((await storeList()).includes('Exportado'));
  });
});
