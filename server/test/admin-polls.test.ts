import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import {
  adminMessages,
  adminPollsMessages,
  engagementMessages,
  formMessages,
  messageText,
  type AdminPoll,
} from '@store/contract';
import {
  auditLog,
  pollAnswers,
  pollOptions,
  pollQuestions,
  pollResponses,
  polls,
} from '../src/db/schema';
import { exportTenant } from '../src/tenants/exporter';
import { importTenant } from '../src/tenants/importer';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import { inviteStaff, makeStaffShop, type StaffShop } from './support/staff';

/**
 * The back office's polls: the editor's rules (400s with nothing written), versions (409),
 * the structure lock once someone answered, delete or switch off, the results' numbers, the
 * CSV, who may, the tenant file round trip, and a structure edit racing a first answer.
 */
let t: TestApp;
let s: StaffShop;
type Auth = Record<string, string>;
let manager: Auth;
const members: { auth: Auth; uid: string; email: string; name: string }[] = [];
const opts = (headers: Auth) => ({ host: s.host, headers });
const base = '/api/v5/admin/polls/';

type Question = {
  uid?: string;
  text: string;
  kind: 'SINGLE_CHOICE' | 'MULTIPLE_CHOICE' | 'TEXT';
  options?: { uid?: string; text: string }[];
};

const question = (text: string, kind: Question['kind'], options: string[] = []): Question => ({
  text,
  kind,
  options: options.map((o) => ({ text: o })),
});

async function create(body: Record<string, unknown>, who: Auth = s.auth.owner) {
  return t.post(base, { program: s.programs.club, ...body }, opts(who));
}
async function made(title: string, questions: Question[]): Promise<AdminPoll> {
  const res = await create({ title, questions });
  assert.equal(res.statusCode, 201, res.body);
  return res.data;
}
/** The poll as the form sends it back: every field, the questions with their uids. */
function inputOf(p: AdminPoll): Record<string, unknown> & { questions: Question[] } {
  return {
    title: p.title,
    description: p.description,
    image: p.image,
    starts_at: p.starts_at,
    ends_at: p.ends_at,
    is_active: p.is_active,
    questions: p.questions.map((q) => ({
      uid: q.uid,
      text: q.text,
      kind: q.kind,
      options: q.options.map((o) => ({ uid: o.uid, text: o.text })),
    })),
    version: p.version,
  };
}
async function put(uid: string, body: unknown, who: Auth = s.auth.owner) {
  return t.call('PUT', `${base}${uid}/`, { ...opts(who), body });
}
async function read(uid: string): Promise<AdminPoll> {
  const res = await t.get(`${base}${uid}/`, opts(s.auth.owner));
  assert.equal(res.statusCode, 200, res.body);
  return res.data;
}
/** A member answers in the store: options by their texts, or the text of a TEXT question. */
async function answer(member: { auth: Auth }, p: AdminPoll, choices: (string[] | string)[]) {
  return t.post(
    `/api/v5/me/polls/${p.uid}/responses/`,
    {
      answers: p.questions.map((q, i) => {
        const c = choices[i];
        return typeof c === 'string'
          ? { question: q.uid, text: c }
          : {
              question: q.uid,
              options: c.map((text) => q.options.find((o) => o.text === text)!.uid),
            };
      }),
    },
    opts(member.auth),
  );
}
/** Every row the poll owns, to prove a refused write changed nothing. */
async function snapshot() {
  const where = eq(polls.appId, s.app.uid);
  return JSON.stringify([
    await t.db.select().from(polls).where(where).orderBy(polls.uid),
    await t.db
      .select()
      .from(pollQuestions)
      .where(eq(pollQuestions.appId, s.app.uid))
      .orderBy(pollQuestions.uid),
    await t.db
      .select()
      .from(pollOptions)
      .where(eq(pollOptions.appId, s.app.uid))
      .orderBy(pollOptions.uid),
    (await t.db.select().from(auditLog).where(eq(auditLog.appId, s.app.uid))).length,
  ]);
}

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'admin-polls');
  manager = await inviteStaff(t, s, 'nobody@staff.test', 'MANAGER', [s.places.b]);
  for (let i = 0; i < 6; i += 1) {
    const m = await registerMember(t, s.host, { first_name: `Socia${i}` });
    const joined = await t.post('/api/v5/me/programs/', { program: s.programs.club }, opts(m.auth));
    assert.equal(joined.statusCode, 201, joined.body);
    members.push({
      auth: m.auth,
      uid: m.user.uid,
      email: m.body.email as string,
      name: `${m.body.first_name as string} ${m.body.last_name as string}`,
    });
  }
});
after(() => t?.close());

describe('creating and editing polls', () => {
  test('bad input: 400 with Spanish field errors and nothing written', async () => {
    const before = await snapshot();
    const res = await create({
      title: ' ',
      image: 'javascript:alert(1)',
      questions: [
        question('Repetida', 'MULTIPLE_CHOICE', ['Té', 'té ', '']),
        question('', 'SINGLE_CHOICE', ['A', 'B']),
        { text: 'Sin tipo', kind: 'OTHER' as 'TEXT' },
      ],
    });
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(res.data.title, [messageText(formMessages.required)]);
    assert.ok(res.data.image, res.body);
    assert.deepEqual(res.data['questions.0.options.2.text'], [messageText(formMessages.required)]);
    assert.deepEqual(res.data['questions.1.text'], [messageText(formMessages.required)]);
    assert.ok(res.data['questions.2.kind'], res.body);
    const repeated = await create({
      title: 'Repetida',
      questions: [question('Repetida', 'MULTIPLE_CHOICE', ['Té', 'té ', 'Café'])],
    });
    assert.deepEqual(repeated.data['questions.0.options.1.text'], [
      messageText(adminPollsMessages.pollOptionRepeated),
    ]);

    // Rules across fields are checked once each field is well formed (as zod runs them).
    const order = await create({
      title: 'Al revés',
      starts_at: '2030-01-02T00:00:00Z',
      ends_at: '2030-01-01T00:00:00Z',
      questions: [question('Una sola', 'SINGLE_CHOICE', ['Sí']), question('Texto', 'TEXT', ['No'])],
    });
    assert.deepEqual(order.data.ends_at, [messageText(adminPollsMessages.pollDatesOrder)]);
    assert.deepEqual(order.data['questions.0.options'], [
      'Una pregunta de opciones necesita entre 2 y 20 opciones.',
    ]);
    assert.deepEqual(order.data['questions.1.options'], [
      messageText(adminPollsMessages.pollTextWithoutOptions),
    ]);
    const none = await create({ title: 'Sin preguntas', questions: [] });
    assert.deepEqual(none.data.questions, ['Entre 1 y 30 preguntas.']);
    const many = await create({
      title: 'Demasiadas',
      questions: Array.from({ length: 31 }, (_, i) => question(`P${i}`, 'TEXT')),
    });
    assert.deepEqual(many.data.questions, ['Entre 1 y 30 preguntas.']);
    const long = await create({
      title: 'x'.repeat(201),
      questions: [question('y'.repeat(301), 'TEXT')],
    });
    assert.ok(long.data.title && long.data['questions.0.text'], long.body);
    const rival = await create({
      program: s.programs.rival,
      title: 'Rival',
      questions: [question('¿?', 'TEXT')],
    });
    assert.deepEqual(rival.data.program, [messageText(adminPollsMessages.pollProgramNotFound)]);
    const foreignUid = await create({
      title: 'Con uid',
      questions: [{ ...question('¿?', 'TEXT'), uid: crypto.randomUUID() }],
    });
    assert.deepEqual(foreignUid.data['questions.0.uid'], [
      messageText(adminPollsMessages.pollQuestionNotFound),
    ]);
    const extra = await create({ title: 'X', questions: [question('¿?', 'TEXT')], surprise: 1 });
    assert.equal(extra.statusCode, 400, extra.body);
    for (const r of [order, repeated, none, many, long, rival, foreignUid])
      assert.equal(r.statusCode, 400, r.body);
    assert.equal(await snapshot(), before);
  });

  test('the owner creates, a manager edits the whole poll with the version; stale is 409', async () => {
    const res = await create({
      title: 'Encuesta de café',
      description: 'Para socios',
      questions: [
        question('¿Qué café prefieres?', 'SINGLE_CHOICE', ['Americano', 'Latte']),
        question('Comentarios', 'TEXT'),
      ],
    });
    assert.equal(res.statusCode, 201, res.body);
    const poll: AdminPoll = res.data;
    assert.equal(poll.program.uid, s.programs.club);
    assert.deepEqual(
      [poll.state, poll.responses, poll.structure_locked, poll.questions_count],
      ['open', 0, false, 2],
    );
    assert.deepEqual(
      poll.questions[0].options.map((o) => o.text),
      ['Americano', 'Latte'],
    );
    // The store shows it to members of the program.
    const store = await t.get(
      `/api/v5/me/programs/${s.programs.club}/polls/${poll.uid}/`,
      opts(members[0].auth),
    );
    assert.equal(store.statusCode, 200, store.body);

    // Reorder the questions, rename and reorder options, drop one, add one, add a question,
    // and turn the text question into a choice: no one answered yet, so all of it is allowed.
    const body = inputOf(poll);
    const [coffee, comments] = body.questions;
    body.questions = [
      { ...comments, kind: 'MULTIPLE_CHOICE', options: [{ text: 'Rápido' }, { text: 'Amable' }] },
      {
        ...coffee,
        options: [{ text: 'Capuchino' }, { ...coffee.options![0], text: 'Americano doble' }],
      },
      question('¿Volverías?', 'SINGLE_CHOICE', ['Sí', 'No']),
    ];
    const edited = await put(poll.uid, body, manager);
    assert.equal(edited.statusCode, 200, edited.body);
    const after: AdminPoll = edited.data;
    assert.equal(after.version, poll.version + 1);
    assert.deepEqual(
      after.questions.map((q) => [q.text, q.kind, q.options.map((o) => o.text)]),
      [
        ['Comentarios', 'MULTIPLE_CHOICE', ['Rápido', 'Amable']],
        ['¿Qué café prefieres?', 'SINGLE_CHOICE', ['Capuchino', 'Americano doble']],
        ['¿Volverías?', 'SINGLE_CHOICE', ['Sí', 'No']],
      ],
    );
    assert.equal(after.questions[0].uid, comments.uid);
    assert.equal(after.questions[1].options[1].uid, coffee.options![0].uid);
    const latte = coffee.options![1].uid!;
    assert.deepEqual(
      await t.db
        .select()
        .from(pollOptions)
        .where(and(eq(pollOptions.appId, s.app.uid), eq(pollOptions.uid, latte))),
      [],
    );

    const stale = await put(poll.uid, { ...inputOf(poll), title: 'Otra' });
    assert.equal(stale.statusCode, 409, stale.body);
    assert.equal(JSON.parse(stale.body).code, 'admin.version_conflict');
    assert.equal(stale.data.current.version, after.version);
    assert.equal(stale.data.current.questions.length, 3);

    // An option uid of another question is a field error, nothing written.
    const before = await snapshot();
    const moved = inputOf(after);
    moved.questions[2].options![0].uid = after.questions[1].options[0].uid;
    const refused = await put(poll.uid, moved);
    assert.equal(refused.statusCode, 400, refused.body);
    assert.deepEqual(refused.data['questions.2.options.0.uid'], [
      messageText(adminPollsMessages.pollOptionNotFound),
    ]);
    const invalid = await put(poll.uid, {
      ...inputOf(after),
      questions: [question('Solo una', 'SINGLE_CHOICE', ['A'])],
    });
    assert.equal(invalid.statusCode, 400, invalid.body);
    assert.equal(await snapshot(), before);

    const lines = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.appId, s.app.uid), eq(auditLog.entityUid, poll.uid)));
    assert.deepEqual(lines.map((l) => `${l.entity} ${l.action}`).sort(), [
      'poll create',
      'poll update',
    ]);
    const list = await t.get(`${base}?q=cafe`, opts(manager));
    assert.equal(list.statusCode, 200, list.body);
    assert.deepEqual(
      list.data.results.map((r: { uid: string }) => r.uid),
      [poll.uid],
    );
    const programs = await t.get(`${base}programs/`, opts(manager));
    assert.deepEqual(
      programs.data.map((p: { uid: string }) => p.uid).sort(),
      [s.programs.club, s.programs.plain].sort(),
    );
  });

  test('states follow the switch and the dates', async () => {
    const q = [question('¿?', 'TEXT')];
    const future = await create({
      title: 'Luego',
      starts_at: '2099-01-01T05:00:00Z',
      questions: q,
    });
    const past = await create({ title: 'Antes', ends_at: '2020-01-01T05:00:00Z', questions: q });
    const off = await create({ title: 'Apagada', is_active: false, questions: q });
    assert.deepEqual(
      [future.data.state, past.data.state, off.data.state],
      ['scheduled', 'ended', 'inactive'],
    );
  });

  test('delete: only a poll nobody answered, at its version', async () => {
    const p = await made('Para borrar', [question('¿?', 'TEXT')]);
    const stale = await t.delete(`${base}${p.uid}/?version=${p.version + 1}`, opts(manager));
    assert.equal(stale.statusCode, 409, stale.body);
    const gone = await t.delete(`${base}${p.uid}/?version=${p.version}`, opts(manager));
    assert.equal(gone.statusCode, 204, gone.body);
    assert.equal((await t.get(`${base}${p.uid}/`, opts(s.auth.owner))).statusCode, 404);
    const [line] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.appId, s.app.uid),
          eq(auditLog.entityUid, p.uid),
          eq(auditLog.action, 'delete'),
        ),
      );
    assert.equal(line.entity, 'poll');
  });
});

describe('once someone answered', () => {
  let poll: AdminPoll;
  before(async () => {
    poll = await made('Bloqueada', [
      question('¿Sabor?', 'SINGLE_CHOICE', ['Dulce', 'Salado']),
      question('¿Qué más?', 'MULTIPLE_CHOICE', ['Pan', 'Jugo', 'Fruta']),
      question('Opinión', 'TEXT'),
    ]);
    assert.equal(
      (await answer(members[0], poll, [['Dulce'], ['Pan', 'Fruta'], 'Bien'])).statusCode,
      201,
    );
    poll = await read(poll.uid);
  });

  test('questions and options can no longer be added, removed or change kind: 409', async () => {
    assert.deepEqual([poll.responses, poll.structure_locked], [1, true]);
    const before = await snapshot();
    const edits: ((b: ReturnType<typeof inputOf>) => void)[] = [
      (b) => b.questions[1].options!.pop(),
      (b) => b.questions[0].options!.push({ text: 'Ácido' }),
      (b) => b.questions.push(question('¿Nueva?', 'TEXT')),
      (b) => b.questions.pop(),
      (b) => (b.questions[1].kind = 'SINGLE_CHOICE'),
      (b) => (b.questions[0].options![1] = { text: 'Salado' }),
    ];
    for (const edit of edits) {
      const body = inputOf(poll);
      edit(body);
      const res = await put(poll.uid, body);
      assert.equal(res.statusCode, 409, res.body);
      const answer409 = JSON.parse(res.body);
      assert.equal(answer409.code, 'admin.poll_structure_locked');
      assert.equal(answer409.current.structure_locked, true);
    }
    assert.equal(await snapshot(), before);
    const removed = await t.delete(`${base}${poll.uid}/?version=${poll.version}`, opts(manager));
    assert.equal(removed.statusCode, 409, removed.body);
    assert.equal(JSON.parse(removed.body).code, 'admin.poll_has_responses');
    assert.equal(await snapshot(), before);
  });

  test('texts, order, dates, image and the switch stay editable; the answers keep their meaning', async () => {
    const body = inputOf(poll);
    body.title = 'Bloqueada (corregida)';
    body.image = '/api/v5/media/x.webp';
    body.ends_at = '2099-12-31T23:59:00-05:00';
    body.questions[0].text = '¿Qué sabor?';
    body.questions[1].options!.reverse();
    body.questions = [body.questions[1], body.questions[0], body.questions[2]];
    const res = await put(poll.uid, body, manager);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.data.questions.map((q: { text: string }) => q.text),
      ['¿Qué más?', '¿Qué sabor?', 'Opinión'],
    );
    const mine = await t.get(
      `/api/v5/me/programs/${s.programs.club}/polls/${poll.uid}/`,
      opts(members[0].auth),
    );
    const chosen = mine.data.my_answers.flatMap((a: { options: string[] }) => a.options);
    const texts = (mine.data.questions as AdminPoll['questions'])
      .flatMap((q) => q.options)
      .filter((o) => chosen.includes(o.uid))
      .map((o) => o.text)
      .sort();
    assert.deepEqual(texts, ['Dulce', 'Fruta', 'Pan']);

    const off = await put(poll.uid, { ...inputOf(res.data), is_active: false }, manager);
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.data.state, 'inactive');
    const hidden = await t.get(
      `/api/v5/me/programs/${s.programs.club}/polls/${poll.uid}/`,
      opts(members[1].auth),
    );
    assert.equal(hidden.statusCode, 404, hidden.body);
  });
});

describe('results and export', () => {
  let poll: AdminPoll;
  before(async () => {
    poll = await made('Resultados', [
      question('¿Favorito?', 'SINGLE_CHOICE', ['Alfajor', 'Empanada']),
      question('¿Qué pides?', 'MULTIPLE_CHOICE', ['Café', 'Té', '=HYPERLINK("x")']),
      question('¿Algo más?', 'TEXT'),
    ]);
    const given: (string[] | string)[][] = [
      [['Alfajor'], ['Café', 'Té'], 'Muy rico'],
      [['Alfajor'], ['Té'], '=1+1'],
      [['Empanada'], ['=HYPERLINK("x")', 'Café', 'Té'], 'Algo lento'],
      [['Alfajor'], ['Té'], 'Bien'],
    ];
    for (const [i, choices] of given.entries()) {
      const res = await answer(members[i], poll, choices);
      assert.equal(res.statusCode, 201, res.body);
    }
    // Another poll's answers never count here.
    const other = await made('Otra', [question('¿Favorito?', 'SINGLE_CHOICE', ['Alfajor', 'X'])]);
    assert.equal((await answer(members[5], other, [['Alfajor']])).statusCode, 201);
  });

  test('counts and shares per option, responses and answered per question', async () => {
    const res = await t.get(`${base}${poll.uid}/results/`, opts(manager));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.responses, 4);
    assert.ok(res.data.first_response_at <= res.data.last_response_at);
    const table = res.data.questions.map(
      (q: { answered: number; options: { text: string; count: number; percent: number }[] }) => [
        q.answered,
        q.options.map((o) => [o.text, o.count, o.percent]),
      ],
    );
    assert.deepEqual(table, [
      [
        4,
        [
          ['Alfajor', 3, 75],
          ['Empanada', 1, 25],
        ],
      ],
      [
        4,
        [
          ['Café', 2, 50],
          ['Té', 4, 100],
          ['=HYPERLINK("x")', 1, 25],
        ],
      ],
      [4, []],
    ]);
    const list = await t.get(`${base}?q=resultados`, opts(manager));
    assert.equal(list.data.results[0].responses, 4);
  });

  test('text answers: newest first, paged, searchable; only a TEXT question of this poll', async () => {
    const text = poll.questions[2].uid;
    const page = await t.get(
      `${base}${poll.uid}/questions/${text}/answers/?page_size=2`,
      opts(manager),
    );
    assert.equal(page.statusCode, 200, page.body);
    assert.equal(page.data.count, 4);
    assert.deepEqual(
      page.data.results.map((a: { text: string }) => a.text),
      ['Bien', 'Algo lento'],
    );
    assert.ok(page.data.next);
    const found = await t.get(
      `${base}${poll.uid}/questions/${text}/answers/?q=LENTO`,
      opts(manager),
    );
    assert.deepEqual(
      found.data.results.map((a: { text: string }) => a.text),
      ['Algo lento'],
    );
    for (const q of [poll.questions[0].uid, crypto.randomUUID(), 'x']) {
      const res = await t.get(`${base}${poll.uid}/questions/${q}/answers/`, opts(manager));
      assert.equal(res.statusCode, 404, res.body);
    }
  });

  test('CSV: one row per response, the member as the members screen shows them, formula-safe', async () => {
    const res = await t.get(`${base}${poll.uid}/responses.csv`, opts(manager));
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/csv; charset=utf-8/);
    assert.match(
      String(res.headers['content-disposition']),
      /attachment; filename="encuesta-resultados-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    assert.ok(res.body.startsWith('\ufeff'), 'a BOM for spreadsheets');
    const rows: string[][] = parse(res.body.slice(1));
    assert.deepEqual(rows[0], [
      'fecha',
      'socio',
      'nombre',
      'email',
      '¿Favorito?',
      '¿Qué pides?',
      '¿Algo más?',
    ]);
    assert.equal(rows.length, 5);
    const body = rows.slice(1);
    assert.deepEqual(
      body.map((r) => r[1]),
      members.slice(0, 4).map((m) => m.uid),
    );
    assert.deepEqual(body[0].slice(2), [
      members[0].name,
      members[0].email,
      'Alfajor',
      'Café; Té',
      'Muy rico',
    ]);
    assert.deepEqual(body[1].slice(4), ['Alfajor', 'Té', "'=1+1"]);
    // Options in the poll's order, whatever order the member sent them in; the formula quoted.
    assert.deepEqual(body[2].slice(4), ['Empanada', `Café; Té; =HYPERLINK("x")`, 'Algo lento']);
    assert.match(body[0][0], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // Nothing more of the member than the members screen's name and email (no phone, no document).
    assert.ok(rows.every((r) => r.length === 7));

    const formula = await made('Fórmulas', [question('=CMD()', 'SINGLE_CHOICE', ['+A', '-B'])]);
    assert.equal((await answer(members[0], formula, [['+A']])).statusCode, 201);
    const quoted = parse(
      (await t.get(`${base}${formula.uid}/responses.csv`, opts(manager))).body.slice(1),
    ) as string[][];
    assert.deepEqual([quoted[0][4], quoted[1][4]], ["'=CMD()", "'+A"]);

    const [line] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.appId, s.app.uid),
          eq(auditLog.entity, 'poll_export'),
          eq(auditLog.entityUid, poll.uid),
        ),
      );
    assert.deepEqual(line.after, { poll: poll.uid, title: 'Resultados', responses: 4 });
  });
});

describe('who may', () => {
  test('customers and counter staff: 403; another company: 404; anonymous: 401', async () => {
    const [poll] = (await t.get(base, opts(s.auth.owner))).data.results as AdminPoll[];
    for (const who of [s.auth.ana, s.auth.staff]) {
      const res = await t.get(base, opts(who));
      assert.equal(res.statusCode, 403, res.body);
      assert.deepEqual(res.data, { detail: messageText(adminMessages.notAdmin) });
    }
    const bare = await s.login('bare@staff.test');
    assert.equal((await t.get(base, opts(bare))).data.count, 0);
    for (const path of ['', 'results/', 'responses.csv'])
      assert.equal((await t.get(`${base}${poll.uid}/${path}`, opts(bare))).statusCode, 404, path);
    const current = await read(poll.uid);
    const stolen = await put(poll.uid, inputOf(current), bare);
    assert.equal(stolen.statusCode, 404, stolen.body);
    const removed = await t.delete(`${base}${poll.uid}/?version=${current.version}`, opts(bare));
    assert.equal(removed.statusCode, 404, removed.body);
    assert.equal((await t.get(base, { host: s.host })).statusCode, 401);
  });
});

describe('the tenant file', () => {
  test('an export and re-import keeps the back office’s polls, their uids and answers', async () => {
    const p = await made('Del archivo', [
      question('¿Uno?', 'SINGLE_CHOICE', ['A', 'B']),
      question('¿Dos?', 'TEXT'),
    ]);
    assert.equal((await answer(members[2], p, [['B'], 'Hola'])).statusCode, 201);
    const file = await exportTenant(t.db, s.app.uid);
    await importTenant(t.db, JSON.parse(JSON.stringify(file)));
    const again = await read(p.uid);
    assert.deepEqual(
      again.questions.map((q) => [q.uid, q.options.map((o) => o.uid)]),
      p.questions.map((q) => [q.uid, q.options.map((o) => o.uid)]),
    );
    assert.equal(again.responses, 1);
    assert.equal(again.is_active, true);
    assert.ok(again.version > p.version, 'an open form gets its 409 after an import');
    // A file that does not name it leaves it alone too.
    const programs = (file.programs as { key: string; polls: unknown[] }[]).map((x) => ({
      ...x,
      polls: [],
    }));
    await importTenant(t.db, JSON.parse(JSON.stringify({ ...file, programs })));
    assert.equal((await read(p.uid)).is_active, true);
  });
});

describe('a structure edit racing a first answer', () => {
  /**
   * Real concurrent requests: the member's answer and the owner's save. Whichever wins, the
   * other is refused cleanly (never a 500), and no answer points at an option that is gone,
   * breaks its question's kind, or misses a question.
   */
  async function race(
    title: string,
    questions: Question[],
    choices: (string[] | string)[],
    edit: (b: ReturnType<typeof inputOf>) => void,
    member: { auth: Auth },
    /** The member's 400 when the save won: field and message. */
    refusal: [string, string],
    /** How many turns of the event loop after the answer the save starts (negative: before it). */
    lag: number,
  ) {
    const p = await made(title, questions);
    const body = inputOf(p);
    edit(body);
    // Staggered starts land the save before, inside and after the answer's own steps.
    const later = async <T>(turns: number, call: () => Promise<T>) => {
      for (let i = 0; i < turns; i += 1) await new Promise((resolve) => setImmediate(resolve));
      return call();
    };
    const [answered, saved] = await Promise.all([
      later(-lag, () => answer(member, p, choices)),
      later(lag, () => put(p.uid, body)),
    ]);
    const outcome = `${answered.statusCode}/${saved.statusCode}`;
    assert.ok(
      ['201/409', '400/200'].includes(outcome),
      `${outcome}: ${answered.body} ${saved.body}`,
    );
    if (saved.statusCode === 409)
      assert.equal(JSON.parse(saved.body).code, 'admin.poll_structure_locked');
    else assert.deepEqual(answered.data[refusal[0]], [messageText(refusal[1])], answered.body);
    const now = await read(p.uid);
    const responses = await t.db
      .select()
      .from(pollResponses)
      .where(and(eq(pollResponses.appId, s.app.uid), eq(pollResponses.pollUid, p.uid)));
    const answers = responses.length
      ? await t.db
          .select()
          .from(pollAnswers)
          .where(
            and(
              eq(pollAnswers.appId, s.app.uid),
              inArray(
                pollAnswers.responseUid,
                responses.map((r) => r.uid),
              ),
            ),
          )
      : [];
    for (const r of responses)
      for (const q of now.questions) {
        const mine = answers.filter((a) => a.responseUid === r.uid && a.questionUid === q.uid);
        assert.ok(mine.length > 0, `${title}: a response misses "${q.text}"`);
        if (q.kind === 'SINGLE_CHOICE') assert.equal(mine.length, 1, `${title}: one choice`);
        for (const a of mine)
          if (q.kind === 'TEXT') assert.ok(a.text, title);
          else
            assert.ok(
              q.options.some((o) => o.uid === a.optionUid),
              `${title}: option gone`,
            );
      }
    return outcome;
  }

  // Both orders on both databases. Only PostgreSQL runs the two requests' statements at once
  // (PGlite serves one session), so it is there that an answer checked before the save and
  // written after it happens: without the poll row lock, a 500 (foreign key) or a wrong answer.
  const LAGS = [-4, -2, -1, 0, 1, 2, 4, 8];

  test('removing the chosen option, narrowing a kind, adding a question', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < LAGS.length; round += 1) {
      const member = members[round % members.length];
      outcomes.push(
        await race(
          `Carrera opción ${round}`,
          [question('¿Cuál?', 'SINGLE_CHOICE', ['A', 'B', 'C']), question('¿Por qué?', 'TEXT')],
          [['C'], 'Porque sí'],
          (b) => b.questions[0].options!.pop(),
          member,
          ['answers.0', engagementMessages.notAnOption],
          LAGS[round],
        ),
        await race(
          `Carrera tipo ${round}`,
          [question('¿Cuáles?', 'MULTIPLE_CHOICE', ['A', 'B', 'C'])],
          [['A', 'B']],
          (b) => (b.questions[0].kind = 'SINGLE_CHOICE'),
          member,
          ['answers.0', engagementMessages.chooseOne],
          LAGS[round],
        ),
        await race(
          `Carrera pregunta ${round}`,
          [question('¿Cuál?', 'SINGLE_CHOICE', ['A', 'B'])],
          [['A']],
          (b) => b.questions.push(question('¿Y esta?', 'TEXT')),
          member,
          ['answers.1', formMessages.required],
          LAGS[round],
        ),
      );
    }
    // Logged, not asserted: which side wins each round is up to the scheduler.
    console.log(`race outcomes (answer/save): ${outcomes.join(' ')}`);
  });
});
