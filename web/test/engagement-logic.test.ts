import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  coinOrdersAvailable,
  footerLinks,
  menuItems,
  wantsRaffleCount,
  type FooterInput,
  type NavCompany,
} from '../src/lib/nav-rules';
import {
  buildPollResponse,
  chooseOption,
  draftsFromAnswers,
  emptyDraft,
  isAnswered,
  pollServerErrors,
  unansweredQuestions,
  type Draft,
} from '../src/features/polls/poll-logic';
import { mergeRaffles, raffleStatus } from '../src/features/raffles/raffle-logic';
import {
  compareEvents,
  eventTimeRange,
  formatEventDate,
  safeEventLink,
} from '../src/features/events/event-logic';
import { coinRedemptions, coinsSpent } from '../src/features/coins/coins-logic';
import type { Raffle } from '@store/contract/loyalty/engagement';
import type { Redemption } from '@store/contract/loyalty/promotions';

const company = (over: Partial<NavCompany> = {}): NavCompany => ({
  uid: 'c1',
  prefix: '',
  isMain: true,
  ecommerce_enabled: true,
  benefit_programs_enabled: true,
  gamification_system: 'COINS',
  ...over,
});

const footer = (over: Partial<FooterInput> = {}): FooterInput => ({
  loggedIn: true,
  multisite: false,
  company: company(),
  hidden: { store: false, cart: false, program: false },
  programs: [
    { uid: 'p1', name: 'Club', company_uid: 'c1' },
    { uid: 'p2', name: 'Otro', company_uid: 'c2' },
  ],
  raffleCount: 2,
  externalLink: 'https://admin.example',
  ...over,
});

const kinds = (links: { kind: string }[]) => links.map((l) => l.kind);

test('footer: single-site member sees products, the company programs, orders, raffles and cart', () => {
  const links = footerLinks(footer());
  assert.deepEqual(kinds(links), ['products', 'program', 'orders', 'raffles', 'cart']);
  assert.deepEqual(links[1], { kind: 'program', to: '/program/p1', name: 'Club' });
  assert.deepEqual(links[3], { kind: 'raffles', to: '/raffles' });
});

test('footer: raffles link only with a raffle count above 0', () => {
  assert.ok(!kinds(footerLinks(footer({ raffleCount: 0 }))).includes('raffles'));
  assert.ok(kinds(footerLinks(footer({ raffleCount: 1 }))).includes('raffles'));
});

test('footer: the main multisite company shows no raffles and no cart, but the create-store link', () => {
  const main = footerLinks(
    footer({ multisite: true, company: company({ prefix: '/c/c1' }), raffleCount: 3 }),
  );
  assert.deepEqual(kinds(main), ['products', 'program', 'orders', 'createStore']);
  const child = footerLinks(
    footer({
      multisite: true,
      company: company({ uid: 'c2', prefix: '/c/c2', isMain: false }),
      raffleCount: 3,
    }),
  );
  assert.deepEqual(kinds(child), ['products', 'program', 'orders', 'raffles', 'cart']);
  assert.deepEqual(
    child.filter((l) => 'to' in l).map((l) => ('to' in l ? l.to : '')),
    ['/c/c2/products', '/c/c2/program/p2', '/c/c2/orders', '/c/c2/raffles', '/c/c2/cart'],
  );
  assert.ok(!wantsRaffleCount({ loggedIn: true, multisite: true, company: { isMain: true } }));
  assert.ok(wantsRaffleCount({ loggedIn: true, multisite: true, company: { isMain: false } }));
  assert.ok(!wantsRaffleCount({ loggedIn: false, multisite: false, company: { isMain: true } }));
});

test('footer: programs and orders need a signed-in member; hidden sections stay out', () => {
  assert.deepEqual(kinds(footerLinks(footer({ loggedIn: false, raffleCount: 0 }))), [
    'products',
    'cart',
  ]);
  assert.deepEqual(
    kinds(footerLinks(footer({ hidden: { store: true, cart: true, program: true } }))),
    ['orders', 'raffles'],
  );
  assert.deepEqual(
    kinds(
      footerLinks(
        footer({ company: company({ ecommerce_enabled: false, benefit_programs_enabled: false }) }),
      ),
    ),
    ['raffles'],
  );
});

test('footer: a tenant with events gets an events tab, even with no store (issue 36 row 11)', () => {
  const venue = footer({
    loggedIn: false,
    raffleCount: 0,
    events: true,
    company: company({ ecommerce_enabled: false }),
  });
  assert.deepEqual(footerLinks(venue), [{ kind: 'events', to: '/events' }]);
  assert.ok(!kinds(footerLinks(footer())).includes('events'));
  const main = footerLinks(footer({ multisite: true, events: true }));
  assert.ok(!kinds(main).includes('events'));
});

test('menu: member items, qr on small screens, coins with ecommerce and gamification, events per tenant', () => {
  const items = menuItems({
    loggedIn: true,
    smallScreen: true,
    eventsEnabled: true,
    company: company(),
  });
  assert.deepEqual(kinds(items), [
    'profile',
    'qr',
    'changePassword',
    'orders',
    'coins',
    'events',
    'polls',
    'logout',
  ]);
  assert.equal(items.find((i) => i.kind === 'coins')?.to, '/orders/coins');

  const anon = menuItems({
    loggedIn: false,
    smallScreen: false,
    eventsEnabled: false,
    company: company(),
  });
  assert.deepEqual(kinds(anon), ['polls', 'login']);

  const noGame = menuItems({
    loggedIn: true,
    smallScreen: false,
    eventsEnabled: false,
    company: company({ gamification_system: null }),
  });
  assert.deepEqual(kinds(noGame), ['profile', 'changePassword', 'orders', 'polls', 'logout']);
  assert.ok(!coinOrdersAvailable({ ecommerce_enabled: false, gamification_system: 'COINS' }));
  assert.ok(!coinOrdersAvailable({ ecommerce_enabled: true, gamification_system: '' }));
  assert.ok(coinOrdersAvailable({ ecommerce_enabled: true, gamification_system: 'COINS' }));
});

test('menu: multisite prefixes orders, coins, events and polls with /c/{uid}', () => {
  const items = menuItems({
    loggedIn: true,
    smallScreen: false,
    eventsEnabled: true,
    company: company({ prefix: '/c/x' }),
  });
  const to = Object.fromEntries(items.map((i) => [i.kind, i.to]));
  assert.equal(to.orders, '/c/x/orders');
  assert.equal(to.coins, '/c/x/orders/coins');
  assert.equal(to.events, '/c/x/events');
  assert.equal(to.polls, '/c/x/polls');
  assert.equal(to.profile, '/profile');
});

const questions = [
  { uid: 'q1', kind: 'SINGLE_CHOICE' as const },
  { uid: 'q2', kind: 'MULTIPLE_CHOICE' as const },
  { uid: 'q3', kind: 'TEXT' as const },
];

test('polls: every question must be answered; blanks and empty choices are reported by position', () => {
  assert.deepEqual(unansweredQuestions(questions, {}), [0, 1, 2]);
  const drafts: Record<string, Draft> = {
    q1: chooseOption(questions[0], emptyDraft(), 'a'),
    q2: { options: [], text: '' },
    q3: { options: [], text: '   ' },
  };
  assert.deepEqual(unansweredQuestions(questions, drafts), [1, 2]);
  drafts.q2 = chooseOption(questions[1], drafts.q2, 'x');
  drafts.q3 = { options: [], text: ' Más enchufes ' };
  assert.deepEqual(unansweredQuestions(questions, drafts), []);
  assert.deepEqual(buildPollResponse(questions, drafts), {
    answers: [
      { question: 'q1', options: ['a'] },
      { question: 'q2', options: ['x'] },
      { question: 'q3', text: 'Más enchufes' },
    ],
  });
});

test('polls: single choice replaces, multiple choice toggles', () => {
  const single = chooseOption(questions[0], chooseOption(questions[0], emptyDraft(), 'a'), 'b');
  assert.deepEqual(single.options, ['b']);
  let multi = chooseOption(questions[1], emptyDraft(), 'a');
  multi = chooseOption(questions[1], multi, 'b');
  assert.deepEqual(multi.options, ['a', 'b']);
  multi = chooseOption(questions[1], multi, 'a');
  assert.deepEqual(multi.options, ['b']);
  assert.ok(!isAnswered(questions[0], { options: ['a', 'b'], text: '' }));
});

test('polls: server 400 keys answers.{n} map to questions, the rest is general', () => {
  const mapped = pollServerErrors({
    'answers.2': ['Este campo es requerido'],
    'answers.0': ['Elegir una sola opción.'],
    answers: ['Esta pregunta no pertenece a la encuesta.'],
    non_field_errors: ['Ya respondió esta encuesta.'],
  });
  assert.deepEqual(mapped.byQuestion, {
    0: 'Elegir una sola opción.',
    2: 'Este campo es requerido',
  });
  assert.deepEqual(mapped.general.sort(), [
    'Esta pregunta no pertenece a la encuesta.',
    'Ya respondió esta encuesta.',
  ]);
});

const raffle = (uid: string, over: Partial<Raffle> = {}): Raffle => ({
  uid,
  program: 'p',
  name: uid,
  description: '',
  image: null,
  prize: '',
  starts_at: null,
  ends_at: null,
  draw_at: null,
  is_active: true,
  is_open: true,
  registered: false,
  registered_at: null,
  dismissed: false,
  ...over,
});

test("polls: an answered poll's own answers become the read-only drafts", () => {
  const drafts = draftsFromAnswers([
    { question: 'q1', options: ['o2'], text: null },
    { question: 'q2', options: ['o1', 'o3'], text: null },
    { question: 'q3', options: [], text: 'Más enchufes' },
  ]);
  assert.deepEqual(drafts, {
    q1: { options: ['o2'], text: '' },
    q2: { options: ['o1', 'o3'], text: '' },
    q3: { options: [], text: 'Más enchufes' },
  });
  assert.deepEqual(draftsFromAnswers([]), {});
});

test('raffles: status and the merged list (open first, each program in its order)', () => {
  assert.equal(raffleStatus(raffle('a')), 'open');
  assert.equal(raffleStatus(raffle('a', { registered: true, is_open: false })), 'registered');
  assert.equal(raffleStatus(raffle('a', { is_open: false })), 'closed');
  const merged = mergeRaffles([[raffle('a', { is_open: false }), raffle('b')], [raffle('c')]]);
  assert.deepEqual(
    merged.map((r) => r.uid),
    ['b', 'c', 'a'],
  );
});

test('events: by date then time, all-day first on its day; times and dates shown as given', () => {
  const events = [
    { start_date: '2026-12-12', start_time: null },
    { start_date: '2026-12-04', start_time: '21:00' },
    { start_date: '2026-12-04', start_time: '18:30' },
    { start_date: '2026-12-04', start_time: null },
  ];
  assert.deepEqual([...events].sort(compareEvents), [events[3], events[2], events[1], events[0]]);
  assert.equal(eventTimeRange({ start_time: '21:00:00', end_time: '23:59' }), '21:00 – 23:59');
  assert.equal(eventTimeRange({ start_time: '18:30', end_time: null }), '18:30');
  assert.equal(eventTimeRange({ start_time: null, end_time: null }), null);
  // A calendar date must not move a day through the viewer's time zone.
  assert.equal(formatEventDate('2026-12-04', 'es', { day: 'numeric' }), '4');
  assert.equal(safeEventLink('https://rockypez.pe/entradas'), 'https://rockypez.pe/entradas');
  assert.equal(safeEventLink('javascript:alert(1)'), null);
  assert.equal(safeEventLink('no es un enlace'), null);
});

const redemption = (
  uid: string,
  coins: number,
  created_at: string,
  status: Redemption['status'] = 'USED',
): Redemption => ({
  uid,
  program: 'p',
  promotion: { uid: 'x', name: uid, kind: 'GIFT' },
  status,
  amount: null,
  coins_spent: coins,
  stamps_spent: 0,
  price_paid: null,
  payment_status: null,
  code: 'ABC',
  created_at,
  used_at: null,
});

test('coins: only redemptions paid with coins, newest first; cancelled ones spend nothing', () => {
  const list = [
    redemption('free', 0, '2026-01-03'),
    redemption('old', 40, '2026-01-01'),
    redemption('new', 10, '2026-01-05', 'CANCELLED'),
  ];
  assert.deepEqual(
    coinRedemptions(list).map((r) => r.uid),
    ['new', 'old'],
  );
  assert.equal(coinsSpent(coinRedemptions(list)), 40);
});
