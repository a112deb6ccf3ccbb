import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
const host = 'rockypez.localhost';
let company: string;

before(async () => {
  t = await startTestApp();
  company = (await t.appOf(host)).company.uid;
});
after(() => t?.close());

describe('GET v5/companies/{uid}/events/ and v5/events/{uid}/', () => {
  test('lists a company events by start_date, start_time', async () => {
    const res = await t.get(`/api/v5/companies/${company}/events/`, { host });
    assert.equal(res.statusCode, 200, JSON.stringify(res.data));
    assert.deepEqual(
      res.data.results.map((e: { name: string }) => e.name),
      ['Cata de cervezas artesanales', 'Noche de rock peruano', 'Festival Rocky Pez'],
    );
    assert.equal(res.data.results[0].place.name.length > 0, true);
    const reversed = await t.get(
      `/api/v5/companies/${company}/events/?ordering=-start_date,-start_time`,
      { host },
    );
    assert.deepEqual(
      reversed.data.results.map((e: { name: string }) => e.name),
      ['Festival Rocky Pez', 'Noche de rock peruano', 'Cata de cervezas artesanales'],
    );
    assert.equal(
      (await t.get(`/api/v5/companies/${company}/events/?upcoming=true`, { host })).statusCode,
      200,
    );
  });
  test('detail by uid; unknown, malformed and foreign ones are 404; bad queries 400', async () => {
    const list = await t.get(`/api/v5/companies/${company}/events/`, { host });
    const uid = list.data.results[1].uid;
    const one = await t.get(`/api/v5/events/${uid}/`, { host });
    assert.equal(one.statusCode, 200);
    assert.equal(one.data.start_time, '21:00');
    assert.equal((await t.get(`/api/v5/events/${crypto.randomUUID()}/`, { host })).statusCode, 404);
    assert.equal((await t.get('/api/v5/events/x/', { host })).statusCode, 404);
    assert.equal((await t.get('/api/v5/companies/x/events/', { host })).statusCode, 404);
    assert.equal(
      (await t.get(`/api/v5/companies/${company}/events/?ordering=name`, { host })).statusCode,
      400,
    );
    // Another tenant (events off, and not its company) never sees them.
    assert.equal((await t.get(`/api/v5/events/${uid}/`)).statusCode, 404);
    assert.equal((await t.get(`/api/v5/companies/${company}/events/`)).statusCode, 404);
  });
});
