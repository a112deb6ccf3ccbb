import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { adminLandingMessages, adminMessages, messageText } from '@store/contract';
import { auditLog } from '../src/db/schema';
import { exportTenant } from '../src/tenants/exporter';
import { importTenant } from '../src/tenants/importer';
import { openTestDatabase, startTestApp, type TestApp } from './support/test-app';
import { inviteStaff, makeStaffShop, type StaffShop } from './support/staff';

/**
 * The back office's landing editor: read, save the whole landing in order, the rules of each
 * section type (field errors, nothing written), rich text cleaned as the store cleans it,
 * optimistic concurrency, the audit line, who may edit, and the public landing showing it.
 */
let t: TestApp;
let s: StaffShop;
type Auth = Record<string, string>;
let manager: Auth;
const URL = '/api/v5/admin/landing/';
const opts = (headers: Auth, body?: unknown) => ({ host: s.host, headers, body });
const put = (headers: Auth, body: unknown) => t.call('PUT', URL, opts(headers, body));

async function read(headers: Auth = s.auth.owner) {
  const res = await t.get(URL, opts(headers));
  assert.equal(res.statusCode, 200, res.body);
  return res.data;
}

const section = (type: string, extra: Record<string, unknown> = {}) => ({
  type,
  is_active: true,
  tittle: `Título ${type}`,
  content: '',
  link: null,
  buttons: [],
  cards: [],
  images: [],
  ...extra,
});
const card = (tittle: string, extra: Record<string, unknown> = {}) => ({
  is_active: true,
  tittle,
  subtittle: '',
  content: '<p>Texto</p>',
  color: null,
  buttons: [],
  images: [],
  ...extra,
});

/** A landing with every section type, valid. */
const full = () => [
  section('HEADER', { buttons: [{ tittle: 'Pedir', link: '/products' }] }),
  section('WELCOME', {
    content: '<p>Hola <strong>mundo</strong></p>',
    buttons: [{ tittle: 'Ver', link: 'https://example.com/x' }],
  }),
  section('INFORMATIVE', { cards: [card('Uno'), card('Dos')] }),
  section('CARD', {
    cards: [
      card('Foto', { color: '#fce7f3', images: [{ image: '/a.png', spatial_position: 'RIGHT' }] }),
    ],
  }),
  section('SMALL_IMAGE', { images: [{ image: '/b.png', link: null, is_active: true }] }),
  section('CAROUSEL', {
    images: [
      { image: 'https://cdn.example.com/1.png', link: null, is_active: true },
      { image: '/2.png', link: 'https://example.com', is_active: false },
    ],
  }),
  section('FORM', { link: 'https://forms.example.com/f' }),
  section('CONTACT', { content: '<p>Escríbenos</p>', is_active: false }),
];

const noTexts = {
  welcome: '',
  order_here: '',
  favorites: '',
  more_products: '',
  places: '',
  about: '',
  contact: '',
  contact_text: '',
};

/** The default landing's texts as the store's app answer carries them. */
async function publicTexts() {
  const app = await t.appOf(s.host);
  return app.default_landing_texts;
}

async function publicLanding() {
  const res = await t.get(`/api/v7/apps/${s.app.uid}/landing/`, { host: s.host });
  assert.equal(res.statusCode, 200, res.body);
  return res.data;
}

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'admin-landing');
  manager = await inviteStaff(t, s, 'nobody@staff.test', 'MANAGER');
});
after(() => t?.close());

describe('saving the landing', () => {
  test('a new store has no landing, DEFAULT type, no sections, version 1', async () => {
    assert.deepEqual(await read(), {
      landing_page: false,
      landing_page_type: 'DEFAULT',
      sections: [],
      default_texts: noTexts,
      version: 1,
    });
  });

  test('the owner saves every section type in order; the public landing shows the active ones', async () => {
    const res = await put(s.auth.owner, {
      landing_page: true,
      landing_page_type: 'MODEL_2',
      sections: full(),
      version: 1,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.version, 2);
    assert.deepEqual(
      res.data.sections.map((x: { type: string }) => x.type),
      ['HEADER', 'WELCOME', 'INFORMATIVE', 'CARD', 'SMALL_IMAGE', 'CAROUSEL', 'FORM', 'CONTACT'],
    );
    const welcome = res.data.sections[1];
    assert.match(welcome.uid, /^[0-9a-f-]{36}$/);
    assert.match(welcome.buttons[0].uid, /^[0-9a-f-]{36}$/);
    assert.equal(res.data.sections[3].cards[0].color, '#FCE7F3');
    assert.deepEqual(await read(), res.data);

    // The tenant cache would keep the old switch a few seconds; the test app has none.
    const pub = await publicLanding();
    assert.equal(pub.landing_page_type, 'MODEL_2');
    assert.deepEqual(
      pub.sections.map((x: { type: string }) => x.type),
      ['HEADER', 'WELCOME', 'INFORMATIVE', 'CARD', 'SMALL_IMAGE', 'CAROUSEL', 'FORM'],
    );
    assert.deepEqual(pub.sections[1], welcome);
    const app = await t.appOf(s.host);
    assert.equal(app.landing_page, true);
    assert.equal(app.landing_page_type, 'MODEL_2');
  });

  test('reordering, editing and deleting keep the uids of what stays', async () => {
    const current = await read();
    const [header, welcome, ...rest] = current.sections;
    const sections = [
      header,
      rest[0],
      {
        ...welcome,
        tittle: 'Nuevo título',
        buttons: [...welcome.buttons, { tittle: 'Dos', link: '/x' }],
      },
      ...rest.slice(1, 3),
    ];
    const res = await put(s.auth.owner, { ...current, sections, version: current.version });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.data.sections.map((x: { uid: string }) => x.uid),
      sections.map((x: { uid: string }) => x.uid),
    );
    assert.equal(res.data.sections[2].tittle, 'Nuevo título');
    assert.equal(res.data.sections[2].buttons[0].uid, welcome.buttons[0].uid);
    assert.equal(res.data.sections[2].buttons.length, 2);
    assert.equal(res.data.sections.length, 5);
  });

  test('a script tag or handler never survives: rich text is cleaned before it is stored', async () => {
    const current = await read();
    const evil =
      '<p onclick="alert(1)">Hola<script>alert(1)</script><img src=x onerror="alert(2)"></p>';
    const sections = [
      section('WELCOME', { content: evil }),
      section('CARD', { cards: [card('X', { content: `<b>ok</b><script>steal()</script>` })] }),
    ];
    const res = await put(s.auth.owner, { ...current, sections, version: current.version });
    assert.equal(res.statusCode, 200, res.body);
    const stored = JSON.stringify((await read()).sections);
    const shown = JSON.stringify(await publicLanding());
    for (const text of [stored, shown]) {
      assert.ok(!/<script/i.test(text), text);
      assert.ok(!/onclick|onerror/i.test(text), text);
      assert.ok(text.includes('Hola'), text);
      assert.ok(text.includes('<b>ok</b>'), text);
    }
  });
});

describe('the rules of each section type', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    [
      'cards on a welcome',
      section('WELCOME', { cards: [card('A')] }),
      'sections.0.cards',
      'form.choose_at_most',
    ],
    [
      'images on a card section',
      section('CARD', { images: [{ image: '/a.png', link: null, is_active: true }] }),
      'sections.0.images',
      'form.choose_at_most',
    ],
    [
      'a carousel without images',
      section('CAROUSEL'),
      'sections.0.images',
      adminLandingMessages.landingCarouselEmpty,
    ],
    [
      'a form without a link',
      section('FORM'),
      'sections.0.link',
      adminLandingMessages.landingFormLink,
    ],
    [
      'a form framing plain http',
      section('FORM', { link: 'http://x.example' }),
      'sections.0.link',
      adminLandingMessages.landingFormLink,
    ],
    [
      'a welcome without a title',
      section('WELCOME', { tittle: ' ' }),
      'sections.0.tittle',
      'form.required',
    ],
    [
      'a javascript: button',
      section('HEADER', { buttons: [{ tittle: 'X', link: 'javascript:alert(1)' }] }),
      'sections.0.buttons.0.link',
      adminLandingMessages.landingLinkInvalid,
    ],
    [
      'a button without a title',
      section('WELCOME', { buttons: [{ tittle: '', link: '/x' }] }),
      'sections.0.buttons.0.tittle',
      'form.required',
    ],
    [
      'an image of another origin over http',
      section('CAROUSEL', { images: [{ image: 'http://x/a.png', link: null, is_active: true }] }),
      'sections.0.images.0.image',
      adminLandingMessages.landingLinkInvalid,
    ],
    [
      'a card colour that is no colour',
      section('INFORMATIVE', { cards: [card('A', { color: 'red' })] }),
      'sections.0.cards.0.color',
      'admin.color_invalid',
    ],
    [
      'buttons on a contact section',
      section('CONTACT', { buttons: [{ tittle: 'X', link: '/x' }] }),
      'sections.0.buttons',
      'form.choose_at_most',
    ],
    [
      'a card without a title',
      section('INFORMATIVE', { cards: [card('')] }),
      'sections.0.cards.0.tittle',
      'form.required',
    ],
  ];
  for (const [name, bad, field, code] of cases) {
    test(`refuses ${name} (400 on ${field}, nothing written)`, async () => {
      const current = await read();
      const res = await put(s.auth.owner, {
        ...current,
        sections: [bad],
        version: current.version,
      });
      assert.equal(res.statusCode, 400, res.body);
      assert.ok(res.data[field], `${field} in ${res.body}`);
      const codes = res.errorCodes?.codes?.[field];
      assert.equal(codes?.[0]?.code, code.split('?')[0], JSON.stringify(codes));
      assert.deepEqual(await read(), current);
    });
  }

  test('two headers, or a repeated uid, are refused', async () => {
    const current = await read();
    const two = await put(s.auth.owner, {
      ...current,
      sections: [section('HEADER'), section('HEADER')],
    });
    assert.equal(two.statusCode, 400, two.body);
    assert.ok(two.data['sections.1.type'], two.body);
    const uid = current.sections[0].uid;
    const twice = await put(s.auth.owner, {
      ...current,
      sections: [section('CONTACT', { uid }), section('CONTACT', { uid })],
    });
    assert.equal(twice.statusCode, 400, twice.body);
    assert.ok(twice.data['sections.1.uid'], twice.body);
    assert.deepEqual(await read(), current);
  });

  test('an unknown type or field, or a missing version, is a 400', async () => {
    const current = await read();
    for (const body of [
      { ...current, sections: [section('BANNER')] },
      { ...current, sections: [{ ...section('CONTACT'), extra: 1 }] },
      { ...current, landing_page_type: 'MODEL_9' },
      { landing_page: true, landing_page_type: 'DEFAULT', sections: [] },
    ]) {
      const res = await put(s.auth.owner, body);
      assert.equal(res.statusCode, 400, res.body);
    }
    assert.deepEqual(await read(), current);
  });
});

describe('concurrency and audit', () => {
  test('a save on a stale version is 409 with the landing as it is now, nothing written', async () => {
    const current = await read();
    const first = await put(s.auth.owner, { ...current, landing_page_type: 'DEFAULT' });
    assert.equal(first.statusCode, 200, first.body);
    const stale = await put(manager, { ...current, sections: [] });
    assert.equal(stale.statusCode, 409, stale.body);
    assert.equal(stale.errorCodes?.code, adminMessages.versionConflict);
    assert.deepEqual(stale.data.current, first.data);
    assert.deepEqual(await read(), first.data);
  });

  test('two editors saving at the same moment: exactly one wins', async () => {
    const current = await read();
    const results = await Promise.all(
      ['A', 'B', 'C'].map((n) =>
        put(n === 'B' ? manager : s.auth.owner, {
          ...current,
          sections: [section('CONTACT', { tittle: `Editor ${n}` })],
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    assert.deepEqual(codes, [200, 409, 409]);
    const now = await read();
    assert.equal(now.version, current.version + 1);
    assert.equal(now.sections.length, 1);
  });

  test('each save is one audit line with the landing before and after', async () => {
    const lines = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.appId, s.app.uid), eq(auditLog.entity, 'landing')));
    assert.ok(lines.length >= 5, `${lines.length}`);
    const last = lines.sort((a, b) => +b.createdAt - +a.createdAt)[0];
    assert.equal(last.action, 'update');
    assert.equal(last.entityUid, s.app.uid);
    assert.ok((last.after as { sections: unknown[] }).sections);
    const api = await t.get('/api/v5/admin/audit/?entity=landing', opts(s.auth.owner));
    assert.equal(api.statusCode, 200, api.body);
    assert.equal(api.data.count, lines.length);
  });
});

describe('who may edit', () => {
  test('a MANAGER may read and save', async () => {
    const current = await read(manager);
    const res = await put(manager, { ...current, landing_page: true });
    assert.equal(res.statusCode, 200, res.body);
  });

  test('counter staff and customers are refused, anonymous is 401', async () => {
    const current = await read();
    for (const who of [s.auth.staff, s.auth.validator, s.auth.ana]) {
      assert.equal((await t.get(URL, opts(who))).statusCode, 403);
      const res = await put(who, { ...current, sections: [] });
      assert.equal(res.statusCode, 403, res.body);
      assert.deepEqual(res.data, { detail: messageText(adminMessages.notAdmin) });
    }
    assert.equal((await t.get(URL, { host: s.host })).statusCode, 401);
    assert.deepEqual(await read(), current);
  });

  test("the owner of another company of a multisite cannot change the store's landing", async () => {
    const current = await read();
    const bare = await s.login('bare@staff.test');
    const res = await put(bare, { ...current, sections: [] });
    assert.equal(res.statusCode, 403, res.body);
    assert.deepEqual(res.data, {
      detail: messageText(adminLandingMessages.landingMainCompanyOnly),
    });
    assert.equal((await t.get(URL, opts(bare))).statusCode, 403);
    assert.deepEqual(await read(), current);
  });
});

describe("the default landing's own texts", () => {
  test('saved with the landing; the store gets the written ones only, as plain one-line text', async () => {
    const current = await read();
    const res = await put(s.auth.owner, {
      ...current,
      landing_page_type: 'DEFAULT',
      default_texts: {
        favorites: '  Lo más pedido  ',
        order_here: 'Pide ya',
        // A line break and an invisible direction override: one line, as the owner saw it.
        contact_text: 'Escríbenos\n\ny te respondemos\u202e pronto',
        welcome: '<b>Hola</b> & bienvenidos',
        about: '',
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.data.default_texts, {
      ...noTexts,
      favorites: 'Lo más pedido',
      order_here: 'Pide ya',
      contact_text: 'Escríbenos y te respondemos pronto',
      welcome: '<b>Hola</b> & bienvenidos',
    });
    assert.equal(res.data.version, current.version + 1);
    assert.deepEqual(await read(), res.data);
    // Markup stays text: the store renders it as written, never as HTML.
    assert.deepEqual(await publicTexts(), {
      favorites: 'Lo más pedido',
      order_here: 'Pide ya',
      contact_text: 'Escríbenos y te respondemos pronto',
      welcome: '<b>Hola</b> & bienvenidos',
    });
  });

  test('a save without them keeps them; empty ones go back to the built-in texts', async () => {
    const current = await read();
    const { default_texts: _texts, ...withoutTexts } = current;
    const kept = await put(manager, { ...withoutTexts, landing_page: !current.landing_page });
    assert.equal(kept.statusCode, 200, kept.body);
    assert.deepEqual(kept.data.default_texts, current.default_texts);
    const cleared = await put(s.auth.owner, {
      ...kept.data,
      default_texts: { ...kept.data.default_texts, favorites: '   ', welcome: '' },
    });
    assert.equal(cleared.statusCode, 200, cleared.body);
    const texts = await publicTexts();
    assert.equal(texts.favorites, undefined);
    assert.equal(texts.welcome, undefined);
    assert.equal(texts.order_here, 'Pide ya');
  });

  test('too long, not text or an unknown text: 400 on that text, nothing written', async () => {
    const current = await read();
    const audits = (await t.get('/api/v5/admin/audit/?entity=landing', opts(s.auth.owner))).data
      .count;
    const res = await put(s.auth.owner, {
      ...current,
      default_texts: {
        favorites: 'x'.repeat(81),
        contact_text: 'y'.repeat(301),
        order_here: 12,
      },
    });
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(res.data['default_texts.favorites'], [
      'Asegúrate de que este campo no tenga más de 80 caracteres',
    ]);
    assert.deepEqual(res.data['default_texts.contact_text'], [
      'Asegúrate de que este campo no tenga más de 300 caracteres',
    ]);
    assert.ok(res.data['default_texts.order_here'], res.body);
    const unknown = await put(s.auth.owner, {
      ...current,
      default_texts: { footer: 'Hecho en Lima' },
    });
    assert.equal(unknown.statusCode, 400, unknown.body);
    // A change of the sections in the same save is not written either.
    const mixed = await put(s.auth.owner, {
      ...current,
      sections: [section('CONTACT', { tittle: 'No debe quedar' })],
      default_texts: { ...current.default_texts, about: 'z'.repeat(81) },
    });
    assert.equal(mixed.statusCode, 400, mixed.body);
    assert.deepEqual(await read(), current);
    assert.equal(
      (await t.get('/api/v5/admin/audit/?entity=landing', opts(s.auth.owner))).data.count,
      audits,
    );
  });

  test('a stale version is 409 and the texts stay; the audit line holds them', async () => {
    const current = await read();
    const first = await put(s.auth.owner, {
      ...current,
      default_texts: { ...current.default_texts, places: 'Dónde estamos' },
    });
    assert.equal(first.statusCode, 200, first.body);
    const stale = await put(manager, {
      ...current,
      default_texts: { ...current.default_texts, places: 'Pisado' },
    });
    assert.equal(stale.statusCode, 409, stale.body);
    assert.equal(stale.data.current.default_texts.places, 'Dónde estamos');
    assert.equal((await publicTexts()).places, 'Dónde estamos');
    const [line] = (await t.get('/api/v5/admin/audit/?entity=landing', opts(s.auth.owner))).data
      .results;
    assert.equal(line.before.default_texts.places, current.default_texts.places);
    assert.equal(line.after.default_texts.places, 'Dónde estamos');
  });

  test('counter staff and customers cannot change them', async () => {
    const current = await read();
    for (const who of [s.auth.staff, s.auth.ana]) {
      const res = await put(who, {
        ...current,
        default_texts: { ...current.default_texts, favorites: 'Intruso' },
      });
      assert.equal(res.statusCode, 403, res.body);
    }
    assert.deepEqual(await read(), current);
  });

  test('they travel in the tenant file', async () => {
    const file = await exportTenant(t.db, s.app.uid);
    assert.deepEqual(file.app.default_landing_texts, {
      order_here: 'Pide ya',
      contact_text: 'Escríbenos y te respondemos pronto',
      places: 'Dónde estamos',
    });
    const other = await openTestDatabase();
    try {
      const imported = await importTenant(other.db, JSON.parse(JSON.stringify(file)));
      const again = await exportTenant(other.db, imported.appUid);
      assert.deepEqual(again.app.default_landing_texts, file.app.default_landing_texts);
    } finally {
      await other.close();
    }
  });
});

describe('the tenant file', () => {
  test('a landing edited here exports and imports back exactly', async () => {
    const current = await read();
    const res = await put(s.auth.owner, {
      ...current,
      landing_page: true,
      landing_page_type: 'MODEL_2',
      sections: full(),
    });
    assert.equal(res.statusCode, 200, res.body);
    const file = await exportTenant(t.db, s.app.uid);
    assert.deepEqual(
      (file.landing as { sections: { key: string }[] }).sections.map((x) => x.key),
      full().map((_, i) => `section-${i + 1}`),
    );
    const other = await openTestDatabase();
    try {
      const imported = await importTenant(other.db, JSON.parse(JSON.stringify(file)));
      const again = await exportTenant(other.db, imported.appUid);
      assert.equal(JSON.stringify(again.landing), JSON.stringify(file.landing));
      assert.equal(again.app.landing_page_type, 'MODEL_2');
    } finally {
      await other.close();
    }
  });

  test('a re-import of the file makes an open editor reload (409)', async () => {
    const current = await read();
    const file = await exportTenant(t.db, s.app.uid);
    await importTenant(t.db, JSON.parse(JSON.stringify(file)));
    const res = await put(s.auth.owner, { ...current, sections: [] });
    assert.equal(res.statusCode, 409, res.body);
  });
});
