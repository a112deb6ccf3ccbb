import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { adminMessages, adminRafflesMessages, messageText } from '@store/contract';
import { auditLog, mailOutbox, raffleDraws, raffleMembers, raffles } from '../src/db/schema';
import { drawWinners, entriesHash, sortEntries } from '../src/modules/admin/raffles/draw';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import { inviteStaff, makeStaffShop, type StaffShop } from './support/staff';

/**
 * The back office's raffles: the editor's rules, the entrants, the draw (once, under
 * concurrent requests; recorded; re-runnable by the server and by tools/verify-raffle-draw.mjs;
 * a changed entry list fails the check), the winners' mails, and who may do it.
 */
let t: TestApp;
let s: StaffShop;
type Auth = Record<string, string>;
let manager: Auth;
const members: { auth: Auth; uid: string; email: string }[] = [];
const opts = (headers: Auth) => ({ host: s.host, headers });
const tool = new URL('../../tools/verify-raffle-draw.mjs', import.meta.url).pathname;
const run = promisify(execFile);

async function create(body: Record<string, unknown>, who: Auth = s.auth.owner) {
  return t.post('/api/v5/admin/raffles/', body, opts(who));
}
async function enter(raffle: string, member: { auth: Auth }) {
  return t.post(
    `/api/v5/me/programs/${s.programs.club}/raffles/${raffle}/register/`,
    {},
    opts(member.auth),
  );
}
async function raffleRows() {
  return t.db.select().from(raffles).where(eq(raffles.appId, s.app.uid));
}

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'admin-raffles');
  manager = await inviteStaff(t, s, 'nobody@staff.test', 'MANAGER', [s.places.b]);
  for (let i = 0; i < 6; i += 1) {
    const m = await registerMember(t, s.host, { first_name: `Socio${i}` });
    const joined = await t.post('/api/v5/me/programs/', { program: s.programs.club }, opts(m.auth));
    assert.equal(joined.statusCode, 201, joined.body);
    members.push({ auth: m.auth, uid: m.user.uid, email: m.body.email });
  }
});
after(() => t?.close());

describe('the draw algorithm', () => {
  test('the same seed and entries give the same winners; a winner list is a prefix of a longer one', () => {
    const entries = sortEntries(Array.from({ length: 50 }, () => crypto.randomUUID()));
    const seed = 'ab'.repeat(32);
    const three = drawWinners(seed, entries, 3);
    assert.deepEqual(drawWinners(seed, entries, 3), three);
    assert.equal(new Set(three).size, 3);
    assert.deepEqual(drawWinners(seed, entries, 10).slice(0, 3), three);
    assert.notDeepEqual(drawWinners('cd'.repeat(32), entries, 3), three);
    assert.deepEqual(drawWinners(seed, entries.slice(0, 2), 5).sort(), entries.slice(0, 2));
    assert.equal(entriesHash(['a', 'b']), entriesHash(['a', 'b']));
    assert.notEqual(entriesHash(['a', 'b']), entriesHash(['a', 'c']));
  });

  test('every entrant is about equally likely to be first (no modulo bias)', () => {
    const entries = sortEntries(['a', 'b', 'c']);
    const wins = new Map(entries.map((e) => [e, 0]));
    for (let i = 0; i < 3000; i += 1) {
      const seed = i.toString(16).padStart(64, '0');
      const [w] = drawWinners(seed, entries, 1);
      wins.set(w, wins.get(w)! + 1);
    }
    for (const n of wins.values()) assert.ok(n > 850 && n < 1150, `counts ${[...wins.values()]}`);
  });
});

describe('creating and editing raffles', () => {
  test('bad input: 400 with field errors and nothing written', async () => {
    const before = await raffleRows();
    const res = await create({
      program: s.programs.rival,
      name: ' ',
      winners_count: 0,
      image: 'javascript:alert(1)',
    });
    assert.equal(res.statusCode, 400, res.body);
    for (const field of ['name', 'winners_count', 'image'])
      assert.ok(res.data[field], `${field}: ${res.body}`);
    const order = await create({
      program: s.programs.club,
      name: 'Al revés',
      starts_at: '2030-01-02T00:00:00Z',
      ends_at: '2030-01-01T00:00:00Z',
    });
    assert.equal(order.statusCode, 400, order.body);
    assert.deepEqual(order.data.ends_at, [messageText(adminRafflesMessages.raffleDatesOrder)]);
    const rival = await create({ program: s.programs.rival, name: 'Rival' });
    assert.equal(rival.statusCode, 400, rival.body);
    assert.deepEqual(rival.data.program, [messageText(adminRafflesMessages.raffleProgramNotFound)]);
    const junk = await create({ program: "x' OR 1=1", name: 'X' });
    assert.equal(junk.statusCode, 400, junk.body);
    const extra = await create({ program: s.programs.club, name: 'X', surprise: 1 });
    assert.equal(extra.statusCode, 400, extra.body);
    assert.deepEqual(await raffleRows(), before);
  });

  test('the owner creates, a manager edits with the version; a stale version is 409', async () => {
    const res = await create({
      program: s.programs.club,
      name: 'Sorteo de verano',
      prize: 'Una bicicleta',
      winners_count: 2,
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.program.uid, s.programs.club);
    assert.equal(res.data.is_open, true);
    assert.equal(res.data.entries, 0);
    const uid = res.data.uid;
    const edited = await t.patch(
      `/api/v5/admin/raffles/${uid}/`,
      { description: 'Para socios', version: res.data.version },
      opts(manager),
    );
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal(edited.data.description, 'Para socios');
    const stale = await t.patch(
      `/api/v5/admin/raffles/${uid}/`,
      { name: 'Otro', version: res.data.version },
      opts(s.auth.owner),
    );
    assert.equal(stale.statusCode, 409, stale.body);
    assert.equal(JSON.parse(stale.body).code, 'admin.version_conflict');
    assert.equal(stale.data.current.description, 'Para socios');
    const order = await t.patch(
      `/api/v5/admin/raffles/${uid}/`,
      { starts_at: '2030-01-02T00:00:00Z', ends_at: '2020-01-01T00:00:00Z', version: 2 },
      opts(s.auth.owner),
    );
    assert.equal(order.statusCode, 400, order.body);
    const lines = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.appId, s.app.uid), eq(auditLog.entityUid, uid)));
    assert.deepEqual(lines.map((l) => l.action).sort(), ['create', 'update']);
    const programs = await t.get('/api/v5/admin/raffles/programs/', opts(manager));
    assert.deepEqual(
      programs.data.map((p: { uid: string }) => p.uid).sort(),
      [s.programs.club, s.programs.plain].sort(),
    );
    const list = await t.get('/api/v5/admin/raffles/?q=verano', opts(manager));
    assert.equal(list.statusCode, 200, list.body);
    assert.deepEqual(
      list.data.results.map((r: { uid: string }) => r.uid),
      [uid],
    );
  });
});

describe('the draw', () => {
  let uid: string;
  let record: {
    seed: string;
    entries: string[];
    entries_sha256: string;
    winners: { rank: number; user: string; name: string }[];
  };

  before(async () => {
    const res = await create({ program: s.programs.club, name: 'Gran sorteo', winners_count: 2 });
    uid = res.data.uid;
    for (const m of members.slice(0, 5)) assert.equal((await enter(uid, m)).statusCode, 201);
  });

  test('nobody entered: 400 and nothing drawn', async () => {
    const empty = await create({ program: s.programs.club, name: 'Vacío' });
    const res = await t.post(
      `/api/v5/admin/raffles/${empty.data.uid}/draw/`,
      {},
      opts(s.auth.owner),
    );
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(res.data.non_field_errors, [
      messageText(adminRafflesMessages.raffleNoEntries),
    ]);
  });

  test('the entrants are listed and searchable', async () => {
    const res = await t.get(`/api/v5/admin/raffles/${uid}/entries/`, opts(s.auth.owner));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.count, 5);
    const one = await t.get(
      `/api/v5/admin/raffles/${uid}/entries/?q=${encodeURIComponent(members[2].email)}`,
      opts(s.auth.owner),
    );
    assert.deepEqual(
      one.data.results.map((e: { user: string }) => e.user),
      [members[2].uid],
    );
    assert.equal(
      (await t.get(`/api/v5/admin/raffles/${uid}/draw/`, opts(s.auth.owner))).statusCode,
      404,
    );
  });

  test('concurrent draw requests: exactly one draws, the others get 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.post(`/api/v5/admin/raffles/${uid}/draw/`, {}, opts(i % 2 ? manager : s.auth.owner)),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    assert.deepEqual(statuses, [201, 409, 409, 409, 409], answers.map((a) => a.body).join('\n'));
    for (const a of answers.filter((x) => x.statusCode === 409))
      assert.equal(JSON.parse(a.body).code, 'admin.raffle_already_drawn');
    record = answers.find((a) => a.statusCode === 201)!.data;
    const rows = await t.db
      .select()
      .from(raffleDraws)
      .where(and(eq(raffleDraws.appId, s.app.uid), eq(raffleDraws.raffleUid, uid)));
    assert.equal(rows.length, 1);
    assert.deepEqual(record.entries, sortEntries(members.slice(0, 5).map((m) => m.uid)));
    assert.equal(record.entries_sha256, entriesHash(record.entries));
    assert.match(record.seed, /^[0-9a-f]{64}$/);
    assert.equal(record.winners.length, 2);
  });

  test('the draw re-runs to the same winners: the server, the tool, and a fresh run', async () => {
    assert.deepEqual(
      drawWinners(record.seed, record.entries, 2),
      record.winners.map((w) => w.user),
    );
    const check = await t.get(`/api/v5/admin/raffles/${uid}/draw/verify/`, opts(manager));
    assert.equal(check.statusCode, 200, check.body);
    assert.deepEqual(
      { ok: check.data.ok, entries: check.data.entries_match, winners: check.data.winners_match },
      { ok: true, entries: true, winners: true },
    );
    const downloaded = await t.get(`/api/v5/admin/raffles/${uid}/draw/`, opts(s.auth.owner));
    assert.deepEqual(downloaded.data, record);
    const dir = await mkdtemp(join(tmpdir(), 'raffle-'));
    await writeFile(join(dir, 'draw.json'), JSON.stringify(downloaded.data));
    const { stdout } = await run(process.execPath, [tool, join(dir, 'draw.json')]);
    assert.match(stdout, /^OK/);
    // A record whose entry list was changed fails the tool.
    const forged = {
      ...downloaded.data,
      entries: [...record.entries.slice(1), record.entries[0]].sort(),
    };
    forged.entries[0] = crypto.randomUUID();
    forged.entries.sort();
    await writeFile(join(dir, 'forged.json'), JSON.stringify(forged));
    await assert.rejects(
      run(process.execPath, [tool, join(dir, 'forged.json')]),
      (e: { code: number; stderr: string }) => {
        assert.equal(e.code, 1);
        assert.match(e.stderr, /FAILED: the entries hash/);
        return true;
      },
    );
    // Winners swapped in the record: the tool says so too.
    const swapped = { ...downloaded.data, winners: [...record.winners].reverse() };
    await writeFile(join(dir, 'swapped.json'), JSON.stringify(swapped));
    await assert.rejects(run(process.execPath, [tool, join(dir, 'swapped.json')]));
  });

  test('each winner is mailed, nobody else', async () => {
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.appId, s.app.uid));
    const winners = new Set(record.winners.map((w) => w.user));
    for (const m of members.slice(0, 5)) {
      const got = mails.filter((x) => x.to === m.email && /sorteo/i.test(x.subject));
      assert.equal(got.length, winners.has(m.uid) ? 1 : 0, m.email);
      if (got.length) assert.match(got[0].text, /Gran sorteo/);
    }
  });

  test('after the draw: closed to entries, frozen, winners ranked in the entrants', async () => {
    const late = await enter(uid, members[5]);
    assert.equal(late.statusCode, 400, late.body);
    const raffle = (await t.get(`/api/v5/admin/raffles/${uid}/`, opts(s.auth.owner))).data;
    assert.equal(raffle.is_open, false);
    assert.ok(raffle.drawn_at);
    const edit = await t.patch(
      `/api/v5/admin/raffles/${uid}/`,
      { winners_count: 5, version: raffle.version },
      opts(s.auth.owner),
    );
    assert.equal(edit.statusCode, 409, edit.body);
    assert.equal(JSON.parse(edit.body).code, 'admin.raffle_already_drawn');
    const won = await t.get(
      `/api/v5/admin/raffles/${uid}/entries/?winners=true`,
      opts(s.auth.owner),
    );
    assert.deepEqual(
      won.data.results.map((e: { winner_rank: number }) => e.winner_rank).sort(),
      [1, 2],
    );
  });

  test('a changed entry list fails the verification', async () => {
    await t.db
      .delete(raffleMembers)
      .where(
        and(
          eq(raffleMembers.appId, s.app.uid),
          eq(raffleMembers.raffleUid, uid),
          eq(raffleMembers.userUid, record.entries[0]),
        ),
      );
    const check = await t.get(`/api/v5/admin/raffles/${uid}/draw/verify/`, opts(s.auth.owner));
    assert.equal(check.data.ok, false);
    assert.equal(check.data.entries_match, false);
    assert.equal(check.data.winners_match, true, 'the record itself still re-runs');
    // The record tampered with in the database: the winners no longer follow from it.
    await t.db
      .update(raffleDraws)
      .set({ entries: [...record.entries].reverse() })
      .where(and(eq(raffleDraws.appId, s.app.uid), eq(raffleDraws.raffleUid, uid)));
    const tampered = await t.get(`/api/v5/admin/raffles/${uid}/draw/verify/`, opts(s.auth.owner));
    assert.equal(tampered.data.ok, false);
    assert.equal(tampered.data.entries_match, false);
  });
});

describe('who may', () => {
  test('customers and counter staff: 403; another company: 404; anonymous: 401', async () => {
    const [raffle] = (await t.get('/api/v5/admin/raffles/', opts(s.auth.owner))).data.results;
    for (const who of [s.auth.ana, s.auth.staff]) {
      const res = await t.get('/api/v5/admin/raffles/', opts(who));
      assert.equal(res.statusCode, 403, res.body);
      assert.deepEqual(res.data, { detail: messageText(adminMessages.notAdmin) });
    }
    const bare = await s.login('bare@staff.test');
    const list = await t.get('/api/v5/admin/raffles/', opts(bare));
    assert.equal(list.data.count, 0);
    for (const path of ['', 'entries/', 'draw/', 'draw/verify/'])
      assert.equal(
        (await t.get(`/api/v5/admin/raffles/${raffle.uid}/${path}`, opts(bare))).statusCode,
        404,
        path,
      );
    const drawn = await t.post(`/api/v5/admin/raffles/${raffle.uid}/draw/`, {}, opts(bare));
    assert.equal(drawn.statusCode, 404, drawn.body);
    assert.equal((await t.get('/api/v5/admin/raffles/', { host: s.host })).statusCode, 401);
  });
});
