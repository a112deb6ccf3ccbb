import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { engagementMessages, formMessages, loyaltyMessages, messageText } from '@store/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import { pollResponses, polls, raffleMembers, raffles } from '../src/db/schema';

let t: TestApp;
let club: string;

type Member = Awaited<ReturnType<typeof registerMember>>;
async function newMember(join = true): Promise<Member> {
  const m = await registerMember(t, 'localhost');
  if (join)
    assert.equal(
      (await t.post('/api/v5/me/programs/', { program: club }, { headers: m.auth })).statusCode,
      201,
    );
  return m;
}

before(async () => {
  t = await startTestApp();
  club = (await t.get('/api/v5/programs/')).data.results.find(
    (p: { name: string }) => p.name === 'Aurora Club',
  ).uid;
});
after(() => t?.close());

describe('raffles', () => {
  test('list with the member state, detail, register (201 then 200), dismiss leaves the list', async () => {
    const m = await newMember();
    const list = await t.get(`/api/v5/me/programs/${club}/raffles/`, { headers: m.auth });
    assert.equal(list.statusCode, 200, JSON.stringify(list.data));
    assert.deepEqual(
      list.data.results.map((r: { name: string }) => r.name),
      ['Sorteo de una cafetera espresso', 'Un mes de desayunos'],
    );
    const [first, second] = list.data.results;
    assert.equal(first.registered, false);
    assert.equal(first.dismissed, false);
    assert.equal(first.is_open, true);
    assert.equal(first.prize, 'Cafetera espresso Aurora');

    const reg = await t.post(
      `/api/v5/me/programs/${club}/raffles/${first.uid}/register/`,
      {},
      { headers: m.auth },
    );
    assert.equal(reg.statusCode, 201, JSON.stringify(reg.data));
    assert.equal(reg.data.registered, true);
    const again = await t.post(
      `/api/v5/me/programs/${club}/raffles/${first.uid}/register/`,
      {},
      { headers: m.auth },
    );
    assert.equal(again.statusCode, 200);
    assert.equal(again.data.registered_at, reg.data.registered_at);
    assert.equal(
      (await t.get(`/api/v5/me/programs/${club}/raffles/${first.uid}/`, { headers: m.auth })).data
        .registered,
      true,
    );

    const dismissed = await t.post(
      `/api/v5/me/programs/${club}/raffles/${second.uid}/dismiss/`,
      {},
      { headers: m.auth },
    );
    assert.equal(dismissed.statusCode, 200);
    assert.equal(dismissed.data.dismissed, true);
    assert.equal(
      (
        await t.post(
          `/api/v5/me/programs/${club}/raffles/${second.uid}/dismiss/`,
          {},
          { headers: m.auth },
        )
      ).statusCode,
      200,
    );
    const after = await t.get(`/api/v5/me/programs/${club}/raffles/`, { headers: m.auth });
    assert.deepEqual(
      after.data.results.map((r: { uid: string }) => r.uid),
      [first.uid],
    );
    assert.equal(after.data.count, 1);
    // Still found by uid, with its state.
    assert.equal(
      (await t.get(`/api/v5/me/programs/${club}/raffles/${second.uid}/`, { headers: m.auth })).data
        .dismissed,
      true,
    );
  });

  test('members are isolated: one member registering or dismissing changes nothing for another', async () => {
    const a = await newMember();
    const b = await newMember();
    const [r1, r2] = (await t.get(`/api/v5/me/programs/${club}/raffles/`, { headers: a.auth })).data
      .results;
    await t.post(
      `/api/v5/me/programs/${club}/raffles/${r1.uid}/register/`,
      {},
      { headers: a.auth },
    );
    await t.post(`/api/v5/me/programs/${club}/raffles/${r2.uid}/dismiss/`, {}, { headers: a.auth });
    const seenByB = (await t.get(`/api/v5/me/programs/${club}/raffles/`, { headers: b.auth })).data
      .results;
    assert.equal(seenByB.length, 2);
    assert.ok(
      seenByB.every(
        (r: { registered: boolean; dismissed: boolean }) => !r.registered && !r.dismissed,
      ),
    );
  });

  test('not-found state, needs a member, refused after it ends, hostile input never 500', async () => {
    const m = await newMember();
    const outsider = await newMember(false);
    const [r] = (await t.get(`/api/v5/me/programs/${club}/raffles/`, { headers: m.auth })).data
      .results;
    assert.equal((await t.get(`/api/v5/me/programs/${club}/raffles/`)).statusCode, 401);
    const missing = await t.get(`/api/v5/me/programs/${club}/raffles/${crypto.randomUUID()}/`, {
      headers: m.auth,
    });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.data.detail, messageText(engagementMessages.raffleNotFound));
    assert.equal(
      (await t.get(`/api/v5/me/programs/${club}/raffles/x' OR 1=1/`, { headers: m.auth }))
        .statusCode,
      404,
    );
    assert.equal(
      (await t.get(`/api/v5/me/programs/${crypto.randomUUID()}/raffles/`, { headers: m.auth }))
        .statusCode,
      404,
    );
    assert.equal(
      (await t.get(`/api/v5/me/programs/${club}/raffles/?page=abc`, { headers: m.auth }))
        .statusCode,
      400,
    );
    assert.equal(
      (
        await t.post(
          `/api/v5/me/programs/${club}/raffles/${crypto.randomUUID()}/register/`,
          {},
          { headers: m.auth },
        )
      ).statusCode,
      404,
    );
    assert.equal(
      (
        await t.post(`/api/v5/me/programs/${club}/raffles/${r.uid}/register/`, '"x"', {
          headers: { ...m.auth, 'content-type': 'application/json' },
        })
      ).statusCode,
      400,
    );

    const notMember = await t.post(
      `/api/v5/me/programs/${club}/raffles/${r.uid}/register/`,
      {},
      { headers: outsider.auth },
    );
    assert.equal(notMember.statusCode, 400);
    assert.deepEqual(notMember.data, {
      non_field_errors: [messageText(loyaltyMessages.notMember)],
    });

    // Another tenant sees neither the program nor its raffles.
    const foreign = await registerMember(t, 'rockypez.localhost');
    assert.equal(
      (
        await t.get(`/api/v5/me/programs/${club}/raffles/${r.uid}/`, {
          host: 'rockypez.localhost',
          headers: foreign.auth,
        })
      ).statusCode,
      404,
    );

    // An ended raffle is still shown, closed, and refuses registrations.
    await t.db
      .update(raffles)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(raffles.uid, r.uid));
    try {
      const closed = await t.post(
        `/api/v5/me/programs/${club}/raffles/${r.uid}/register/`,
        {},
        { headers: m.auth },
      );
      assert.equal(closed.statusCode, 400);
      assert.deepEqual(closed.data, {
        non_field_errors: [messageText(engagementMessages.raffleClosed)],
      });
      assert.equal(
        (await t.get(`/api/v5/me/programs/${club}/raffles/${r.uid}/`, { headers: m.auth })).data
          .is_open,
        false,
      );
    } finally {
      await t.db
        .update(raffles)
        .set({ endsAt: new Date('2030-12-31T23:59:00-05:00') })
        .where(eq(raffles.uid, r.uid));
    }
  });

  test('race: concurrent registrations of one member make one participation', async () => {
    const m = await newMember();
    const [r] = (await t.get(`/api/v5/me/programs/${club}/raffles/`, { headers: m.auth })).data
      .results;
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.post(`/api/v5/me/programs/${club}/raffles/${r.uid}/register/`, {}, { headers: m.auth }),
      ),
    );
    assert.deepEqual(
      results.map((x) => x.statusCode).sort(),
      [200, 200, 200, 200, 200, 200, 200, 201],
    );
    const rows = await t.db
      .select()
      .from(raffleMembers)
      .where(and(eq(raffleMembers.raffleUid, r.uid), eq(raffleMembers.userUid, m.user.uid)));
    assert.equal(rows.length, 1);
  });
});

describe('polls', () => {
  async function demoPoll(m: Member) {
    const list = await t.get(`/api/v5/me/programs/${club}/polls/`, { headers: m.auth });
    assert.equal(list.statusCode, 200, JSON.stringify(list.data));
    return list.data.results[0] as {
      uid: string;
      questions: { uid: string; kind: string; options: { uid: string }[] }[];
    };
  }
  const fullAnswers = (p: Awaited<ReturnType<typeof demoPoll>>) => [
    { question: p.questions[0].uid, options: [p.questions[0].options[1].uid] },
    {
      question: p.questions[1].uid,
      options: [p.questions[1].options[0].uid, p.questions[1].options[2].uid],
    },
    { question: p.questions[2].uid, text: 'Más enchufes' },
  ];

  test('pending list, detail, answer every question (201), then it moves to is_resolved=true', async () => {
    const m = await newMember();
    const p = await demoPoll(m);
    assert.equal(p.questions.length, 3);
    assert.deepEqual(
      p.questions.map((q) => q.kind),
      ['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'TEXT'],
    );
    const detail = await t.get(`/api/v5/me/programs/${club}/polls/${p.uid}/`, { headers: m.auth });
    assert.equal(detail.statusCode, 200);
    assert.equal(detail.data.is_resolved, false);
    assert.equal(
      (await t.get(`/api/v5/me/programs/${club}/polls/?is_resolved=true`, { headers: m.auth })).data
        .count,
      0,
    );

    const sent = await t.post(
      `/api/v5/me/polls/${p.uid}/responses/`,
      { answers: fullAnswers(p) },
      { headers: m.auth },
    );
    assert.equal(sent.statusCode, 201, JSON.stringify(sent.data));
    assert.equal(sent.data.poll, p.uid);
    assert.equal(
      (await t.get(`/api/v5/me/programs/${club}/polls/`, { headers: m.auth })).data.count,
      0,
    );
    const resolved = await t.get(`/api/v5/me/programs/${club}/polls/?is_resolved=true&page=1`, {
      headers: m.auth,
    });
    assert.equal(resolved.data.count, 1);
    assert.equal(resolved.data.results[0].is_resolved, true);

    const twice = await t.post(
      `/api/v5/me/polls/${p.uid}/responses/`,
      { answers: fullAnswers(p) },
      { headers: m.auth },
    );
    assert.equal(twice.statusCode, 400);
    assert.deepEqual(twice.data, {
      non_field_errors: [messageText(engagementMessages.pollAnswered)],
    });
    // Another member still has it pending.
    assert.equal(
      (await t.get(`/api/v5/me/programs/${club}/polls/`, { headers: (await newMember()).auth }))
        .data.count,
      1,
    );
  });

  test("my_answers: the caller's own answers in question order, never another member's, none for anonymous", async () => {
    const a = await newMember();
    const b = await newMember();
    const c = await newMember();
    const p = await demoPoll(a);
    const detailOf = (auth?: Record<string, string>) =>
      t.get(`/api/v5/me/programs/${club}/polls/${p.uid}/`, auth ? { headers: auth } : {});

    // Nobody answered yet: nothing to show, in the list or the detail.
    assert.deepEqual(((await demoPoll(a)) as unknown as { my_answers: unknown[] }).my_answers, []);
    assert.deepEqual((await detailOf(a.auth)).data.my_answers, []);

    // Sent in another order than the poll's: answered back in question order.
    const answersOfA = fullAnswers(p);
    const sentA = await t.post(
      `/api/v5/me/polls/${p.uid}/responses/`,
      { answers: [...answersOfA].reverse() },
      { headers: a.auth },
    );
    assert.equal(sentA.statusCode, 201, JSON.stringify(sentA.data));
    const answersOfB = [
      { question: p.questions[0].uid, options: [p.questions[0].options[0].uid] },
      { question: p.questions[1].uid, options: [p.questions[1].options[1].uid] },
      { question: p.questions[2].uid, text: 'Respuesta de B' },
    ];
    const sentB = await t.post(
      `/api/v5/me/polls/${p.uid}/responses/`,
      { answers: answersOfB },
      { headers: b.auth },
    );
    assert.equal(sentB.statusCode, 201, JSON.stringify(sentB.data));

    const expectedA = [
      { question: p.questions[0].uid, options: [p.questions[0].options[1].uid], text: null },
      {
        question: p.questions[1].uid,
        options: [p.questions[1].options[0].uid, p.questions[1].options[2].uid],
        text: null,
      },
      { question: p.questions[2].uid, options: [], text: 'Más enchufes' },
    ];
    const detailA = await detailOf(a.auth);
    assert.equal(detailA.statusCode, 200);
    assert.deepEqual(detailA.data.my_answers, expectedA);
    const listA = await t.get(`/api/v5/me/programs/${club}/polls/?is_resolved=true`, {
      headers: a.auth,
    });
    assert.deepEqual(listA.data.results[0].my_answers, expectedA);

    const detailB = await detailOf(b.auth);
    assert.deepEqual(detailB.data.my_answers, [
      { question: p.questions[0].uid, options: [p.questions[0].options[0].uid], text: null },
      { question: p.questions[1].uid, options: [p.questions[1].options[1].uid], text: null },
      { question: p.questions[2].uid, options: [], text: 'Respuesta de B' },
    ]);
    assert.ok(!detailB.body.includes('Más enchufes'), "B never sees A's text");

    // A member who has not answered sees the poll pending with no answers at all.
    const detailC = await detailOf(c.auth);
    assert.equal(detailC.data.is_resolved, false);
    assert.deepEqual(detailC.data.my_answers, []);
    const pendingC = await t.get(`/api/v5/me/programs/${club}/polls/`, { headers: c.auth });
    for (const body of [detailC.body, pendingC.body]) {
      assert.ok(!body.includes('Más enchufes'));
      assert.ok(!body.includes('Respuesta de B'));
    }
    assert.ok(
      pendingC.data.results.every((r: { my_answers: unknown[] }) => r.my_answers.length === 0),
    );

    // Anonymous: no session, no poll, no answers.
    for (const res of [
      await detailOf(),
      await t.get(`/api/v5/me/programs/${club}/polls/?is_resolved=true`),
    ]) {
      assert.equal(res.statusCode, 401);
      assert.ok(!res.body.includes('Más enchufes'));
      assert.ok(!res.body.includes('my_answers'));
    }
  });

  test('every question must be answered: per-question field errors', async () => {
    const m = await newMember();
    const p = await demoPoll(m);
    const missingText = await t.post(
      `/api/v5/me/polls/${p.uid}/responses/`,
      { answers: fullAnswers(p).slice(0, 2) },
      { headers: m.auth },
    );
    assert.equal(missingText.statusCode, 400);
    assert.deepEqual(missingText.data, { 'answers.2': [messageText(formMessages.required)] });
    const none = await t.post(
      `/api/v5/me/polls/${p.uid}/responses/`,
      { answers: [] },
      { headers: m.auth },
    );
    assert.deepEqual(none.data, {
      'answers.0': [messageText(formMessages.required)],
      'answers.1': [messageText(formMessages.required)],
      'answers.2': [messageText(formMessages.required)],
    });
    const blank = fullAnswers(p);
    blank[2] = { question: p.questions[2].uid, text: '   ' };
    assert.deepEqual(
      (
        await t.post(
          `/api/v5/me/polls/${p.uid}/responses/`,
          { answers: blank },
          { headers: m.auth },
        )
      ).data,
      { 'answers.2': [messageText(formMessages.required)] },
    );
    // Nothing was written by the refused attempts.
    assert.equal(
      (await t.db.select().from(pollResponses).where(eq(pollResponses.userUid, m.user.uid))).length,
      0,
    );
  });

  test('options must belong to their question; one option for single choice; foreign and duplicate questions', async () => {
    const m = await newMember();
    const p = await demoPoll(m);
    const wrong = fullAnswers(p);
    wrong[0] = { question: p.questions[0].uid, options: [p.questions[1].options[0].uid] };
    assert.deepEqual(
      (
        await t.post(
          `/api/v5/me/polls/${p.uid}/responses/`,
          { answers: wrong },
          { headers: m.auth },
        )
      ).data,
      { 'answers.0': [messageText(engagementMessages.notAnOption)] },
    );
    const two = fullAnswers(p);
    two[0] = {
      question: p.questions[0].uid,
      options: [p.questions[0].options[0].uid, p.questions[0].options[1].uid],
    };
    assert.deepEqual(
      (await t.post(`/api/v5/me/polls/${p.uid}/responses/`, { answers: two }, { headers: m.auth }))
        .data,
      { 'answers.0': [messageText(engagementMessages.chooseOne)] },
    );
    const garbage = fullAnswers(p);
    garbage[1] = { question: p.questions[1].uid, options: ["' OR 1=1 --"] };
    assert.deepEqual(
      (
        await t.post(
          `/api/v5/me/polls/${p.uid}/responses/`,
          { answers: garbage },
          { headers: m.auth },
        )
      ).data,
      { 'answers.1': [messageText(engagementMessages.notAnOption)] },
    );
    const foreign = [...fullAnswers(p), { question: crypto.randomUUID(), text: 'x' }];
    assert.deepEqual(
      (
        await t.post(
          `/api/v5/me/polls/${p.uid}/responses/`,
          { answers: foreign },
          { headers: m.auth },
        )
      ).data,
      { answers: [messageText(engagementMessages.notAQuestion)] },
    );
    const dup = [...fullAnswers(p), { question: p.questions[2].uid, text: 'otra' }];
    assert.deepEqual(
      (await t.post(`/api/v5/me/polls/${p.uid}/responses/`, { answers: dup }, { headers: m.auth }))
        .data,
      { 'answers.2': [messageText(engagementMessages.duplicateAnswer)] },
    );
  });

  test('hostile bodies are 400 field errors, never 500; not-found, membership, tenants', async () => {
    const m = await newMember();
    const p = await demoPoll(m);
    for (const body of [
      {},
      { answers: 'x' },
      { answers: [{ options: 3 }] },
      { answers: [{ question: 5 }] },
      { answers: [null] },
    ]) {
      const res = await t.post(`/api/v5/me/polls/${p.uid}/responses/`, body, { headers: m.auth });
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.ok(
        Object.keys(res.data).some((k) => k.startsWith('answers')),
        JSON.stringify(res.data),
      );
    }
    assert.equal(
      (await t.post(`/api/v5/me/polls/not-a-uid/responses/`, { answers: [] }, { headers: m.auth }))
        .statusCode,
      404,
    );
    assert.equal(
      (
        await t.post(
          `/api/v5/me/polls/${crypto.randomUUID()}/responses/`,
          { answers: [] },
          { headers: m.auth },
        )
      ).statusCode,
      404,
    );
    assert.equal(
      (await t.post(`/api/v5/me/polls/${p.uid}/responses/`, { answers: [] })).statusCode,
      401,
    );
    assert.equal(
      (
        await t.get(`/api/v5/me/programs/${club}/polls/${crypto.randomUUID()}/`, {
          headers: m.auth,
        })
      ).statusCode,
      404,
    );
    assert.equal(
      (await t.get(`/api/v5/me/programs/${club}/polls/?is_resolved=maybe`, { headers: m.auth }))
        .statusCode,
      400,
    );
    const outsider = await newMember(false);
    const notMember = await t.post(
      `/api/v5/me/polls/${p.uid}/responses/`,
      { answers: fullAnswers(p) },
      { headers: outsider.auth },
    );
    assert.deepEqual(notMember.data, {
      non_field_errors: [messageText(loyaltyMessages.notMember)],
    });
    const foreign = await registerMember(t, 'rockypez.localhost');
    assert.equal(
      (
        await t.post(
          `/api/v5/me/polls/${p.uid}/responses/`,
          { answers: fullAnswers(p) },
          { host: 'rockypez.localhost', headers: foreign.auth },
        )
      ).statusCode,
      404,
    );
  });

  test('an ended poll leaves the pending list and refuses answers; one not started yet is not found', async () => {
    const m = await newMember();
    const p = await demoPoll(m);
    await t.db
      .update(polls)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(polls.uid, p.uid));
    try {
      assert.equal(
        (await t.get(`/api/v5/me/programs/${club}/polls/`, { headers: m.auth })).data.count,
        0,
      );
      const closed = await t.post(
        `/api/v5/me/polls/${p.uid}/responses/`,
        { answers: fullAnswers(p) },
        { headers: m.auth },
      );
      assert.equal(closed.statusCode, 400);
      assert.deepEqual(closed.data, {
        non_field_errors: [messageText(engagementMessages.pollClosed)],
      });
      await t.db
        .update(polls)
        .set({ endsAt: null, startsAt: new Date(Date.now() + 86_400_000) })
        .where(eq(polls.uid, p.uid));
      assert.equal(
        (await t.get(`/api/v5/me/programs/${club}/polls/${p.uid}/`, { headers: m.auth }))
          .statusCode,
        404,
      );
      assert.equal(
        (
          await t.post(
            `/api/v5/me/polls/${p.uid}/responses/`,
            { answers: fullAnswers(p) },
            { headers: m.auth },
          )
        ).statusCode,
        404,
      );
    } finally {
      await t.db.update(polls).set({ endsAt: null, startsAt: null }).where(eq(polls.uid, p.uid));
    }
  });

  test('race: two concurrent answers of one member store one response', async () => {
    const m = await newMember();
    const p = await demoPoll(m);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.post(
          `/api/v5/me/polls/${p.uid}/responses/`,
          { answers: fullAnswers(p) },
          { headers: m.auth },
        ),
      ),
    );
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [201, 400, 400, 400]);
    assert.equal(
      (await t.db.select().from(pollResponses).where(eq(pollResponses.userUid, m.user.uid))).length,
      1,
    );
  });
});

describe('program sections and ads', () => {
  test('active ones in position order; 401 without a member; 404 for foreign programs', async () => {
    const m = await newMember(false);
    const sections = await t.get(`/api/v5/me/programs/${club}/sections/`, { headers: m.auth });
    assert.equal(sections.statusCode, 200);
    assert.deepEqual(
      sections.data.results.map((s: { title: string }) => s.title),
      ['Beneficios', 'Sorteos', 'Encuestas'],
    );
    assert.deepEqual(Object.keys(sections.data.results[0]).sort(), [
      'image',
      'link',
      'position',
      'title',
      'uid',
    ]);
    const ads = await t.get(`/api/v5/me/programs/${club}/ads/`, { headers: m.auth });
    assert.equal(ads.data.count, 2);
    assert.equal(ads.data.results[0].link, '#promociones');
    assert.equal((await t.get(`/api/v5/me/programs/${club}/ads/`)).statusCode, 401);
    assert.equal(
      (await t.get(`/api/v5/me/programs/abc/sections/`, { headers: m.auth })).statusCode,
      404,
    );
    const foreign = await registerMember(t, 'rockypez.localhost');
    assert.equal(
      (
        await t.get(`/api/v5/me/programs/${club}/ads/`, {
          host: 'rockypez.localhost',
          headers: foreign.auth,
        })
      ).statusCode,
      404,
    );
  });
});

describe('tenant file: raffles, polls, sections and ads', () => {
  test('a re-import of the demo keeps registrations and answers; bad polls are refused with their paths', async () => {
    const { readFile } = await import('node:fs/promises');
    const { importTenant, TenantFileError } = await import('../src/tenants/importer');
    const file = JSON.parse(
      await readFile(new URL('../src/tenants/demo/localhost.json', import.meta.url), 'utf8'),
    );
    const m = await newMember();
    const [r] = (await t.get(`/api/v5/me/programs/${club}/raffles/`, { headers: m.auth })).data
      .results;
    await t.post(`/api/v5/me/programs/${club}/raffles/${r.uid}/register/`, {}, { headers: m.auth });
    await importTenant(t.db, file);
    assert.equal(
      (await t.get(`/api/v5/me/programs/${club}/raffles/${r.uid}/`, { headers: m.auth })).data
        .registered,
      true,
    );
    assert.equal(
      (await t.get(`/api/v5/me/programs/${club}/sections/`, { headers: m.auth })).data.count,
      3,
    );

    const bad = structuredClone(file);
    bad.programs[0].polls[0].questions[0].options = [];
    bad.programs[0].polls[0].questions[2].options = [{ key: 'x', text: 'X' }];
    bad.programs[0].raffles[0].draw_at = 'tomorrow';
    await assert.rejects(importTenant(t.db, bad), (error: unknown) => {
      assert.ok(error instanceof TenantFileError);
      assert.deepEqual(error.problems.map((p) => p.path).sort(), [
        'programs.0.polls.0.questions.0.options',
        'programs.0.polls.0.questions.2.options',
        'programs.0.raffles.0.draw_at',
      ]);
      return true;
    });
  });
});
