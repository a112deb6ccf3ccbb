import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AdminPoll } from '@store/contract/admin/polls';
import {
  bodyOf,
  fromInput,
  newQuestion,
  pollResolver,
  toInput,
  valuesOf,
  withKind,
} from '../src/features/admin/polls/poll-form';

const poll: AdminPoll = {
  uid: 'p1',
  program: { uid: 'prog', name: 'Club' },
  title: 'Encuesta',
  description: '',
  image: null,
  starts_at: '2026-12-01T05:00:00.000Z',
  ends_at: null,
  is_active: true,
  state: 'open',
  questions_count: 2,
  responses: 0,
  structure_locked: false,
  version: 3,
  questions: [
    {
      uid: 'q1',
      text: '¿Cuál?',
      kind: 'SINGLE_CHOICE',
      options: [
        { uid: 'o1', text: 'A' },
        { uid: 'o2', text: 'B' },
      ],
    },
    { uid: 'q2', text: 'Comentarios', kind: 'TEXT', options: [] },
  ],
};

const resolve = (values: ReturnType<typeof valuesOf>, existing = true) =>
  // The resolver's context and options are not read.
  pollResolver(existing)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

test('dates are the store clock (Lima) in the inputs and travel with -05:00', () => {
  assert.equal(toInput('2026-12-01T05:00:00.000Z'), '2026-12-01T00:00');
  assert.equal(fromInput('2026-12-01T00:00'), '2026-12-01T00:00:00-05:00');
  assert.equal(fromInput(''), null);
});

test('a poll read back is sent as it was, uids kept, the program and version left out', () => {
  const body = bodyOf(valuesOf(poll));
  assert.deepEqual(body.questions, [
    {
      uid: 'q1',
      text: '¿Cuál?',
      kind: 'SINGLE_CHOICE',
      options: [
        { uid: 'o1', text: 'A' },
        { uid: 'o2', text: 'B' },
      ],
    },
    { uid: 'q2', text: 'Comentarios', kind: 'TEXT', options: [] },
  ]);
  assert.equal(body.starts_at, '2026-12-01T00:00:00-05:00');
  assert.ok(!('program' in body) && !('version' in body));
});

test('a question turned into text keeps its options aside and sends none; back to a choice, they return', () => {
  const values = valuesOf(poll);
  values.questions[0] = withKind(values.questions[0], 'TEXT');
  assert.deepEqual(bodyOf(values).questions[0].options, []);
  values.questions[0] = withKind(values.questions[0], 'MULTIPLE_CHOICE');
  assert.deepEqual(
    bodyOf(values).questions[0].options.map((o) => o.text),
    ['A', 'B'],
  );
  assert.equal(withKind(newQuestion('TEXT'), 'SINGLE_CHOICE').options.length, 2);
});

test('the contract rules answer in Spanish on the nested field they concern', async () => {
  const values = valuesOf(poll);
  values.questions[0].options[1].text = ' ';
  values.questions[1].text = '';
  const { errors } = await resolve(values);
  const q = errors.questions as unknown as {
    text?: { message: string };
    options?: { text?: { message: string } }[];
  }[];
  assert.equal(q[0].options?.[1]?.text?.message, 'form.required');
  assert.equal(q[1].text?.message, 'form.required');

  const single = valuesOf(poll);
  single.questions[0].options.pop();
  single.ends_at = '2026-11-01T00:00';
  const rules = await resolve(single);
  // A message on a whole list: as the form reads it, on the list itself or its `root`.
  const list = rules.errors.questions as unknown as {
    options?: { message?: string; root?: { message: string } };
  }[];
  assert.equal(
    list[0].options?.message ?? list[0].options?.root?.message,
    'admin.poll_options_count?max=20',
  );
  assert.equal(rules.errors.ends_at?.message, 'admin.poll_dates_order');

  const fresh = valuesOf(null);
  assert.equal((await resolve(fresh, false)).errors.program?.message, 'form.required');
  fresh.program = 'prog';
  fresh.title = 'Nueva';
  fresh.questions = [{ ...newQuestion(), text: '¿Sí?', options: [{ text: 'Sí' }, { text: 'No' }] }];
  assert.deepEqual((await resolve(fresh, false)).errors, {});
});
