import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, desc, eq } from 'drizzle-orm';
import { formMessages, marketplaceMessages } from '@store/contract';
import { auditLog, mailOutbox, users } from '../src/db/schema';
import { importTenant } from '../src/tenants/importer';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';

/**
 * Issue 35, item 11: an approved marketplace store cannot change what shoppers see (its name,
 * logo, description) without the marketplace owner's review. The change waits in the owner's
 * queue, the public keeps the approved version until it is approved; a rejection keeps it and
 * tells the store why. A store not approved yet still changes at once (its approval reviews it).
 */
let t: TestApp;
type Auth = Record<string, string>;
const HOST = 'mercado-cambios.test';
let appUid: string;
let marketOwner: Auth;
let categoryUid: string;
let areaUid: string;

async function login(email: string): Promise<Auth> {
  const res = await t.post('/api/v5/login/', { email, password: 'Clave segura 1' }, { host: HOST });
  assert.equal(res.statusCode, 200, res.body);
  return { authorization: `Token ${res.data.token}` };
}

type Store = {
  uid: string;
  name: string;
  logo: string | null;
  description: string;
  status: string;
  version: number;
  pending_change: {
    name?: string;
    logo?: string | null;
    description?: string;
    requested_at: string;
    status: string;
    reason: string | null;
  } | null;
};

/** A merchant (email confirmed) with a store of their own, approved unless told otherwise. */
async function storeOwner(name: string, approve = true) {
  const m = await registerMember(t, HOST);
  await t.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(and(eq(users.appId, appUid), eq(users.uid, m.user.uid)));
  const created = await t.post(
    '/api/v5/marketplace/stores/',
    { name, category: categoryUid, area: areaUid, address: 'Jr. Los Pinos 1', accept_terms: true },
    { host: HOST, headers: m.auth },
  );
  assert.equal(created.statusCode, 201, created.body);
  let store = created.data as Store;
  if (approve) {
    const approved = await t.post(
      `/api/v5/admin/marketplace/stores/${store.uid}/decision/`,
      { decision: 'approve', version: store.version },
      { host: HOST, headers: marketOwner },
    );
    assert.equal(approved.statusCode, 200, approved.body);
    store = approved.data;
  }
  return { ...m, store };
}

async function ownStore(auth: Auth): Promise<Store> {
  const res = await t.get('/api/v5/admin/onboarding/', { host: HOST, headers: auth });
  assert.equal(res.statusCode, 200, res.body);
  return res.data.store;
}

const patchProfile = (auth: Auth, body: Record<string, unknown>) =>
  t.patch('/api/v5/admin/onboarding/store/', body, { host: HOST, headers: auth });

const changeDecision = (uid: string, body: Record<string, unknown>, auth = marketOwner) =>
  t.post(`/api/v5/admin/marketplace/stores/${uid}/change-decision/`, body, {
    host: HOST,
    headers: auth,
  });

/** The store as shoppers get it: the app's allowed companies (the marketplace home). */
async function publicStore(uid: string) {
  const apps = await t.get(`/api/v7/apps/?domain=${HOST}`, { host: HOST });
  const found = apps.data[0].allowed_companies.find((c: { uid: string }) => c.uid === uid);
  assert.ok(found, 'the approved store is public');
  return { name: found.name, logo: found.logo, description: found.description };
}

async function lastMailTo(email: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.appId, appUid), eq(mailOutbox.to, email)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

before(async () => {
  t = await startTestApp({ seedDemo: false });
  await importTenant(t.db, {
    app: {
      key: 'mcambios',
      name: 'Mercado Cambios',
      domain: HOST,
      main_company: 'municipio',
      marketplace: true,
      multisite: true,
    },
    categories: [{ key: 'bodegas', name: 'Bodegas' }],
    companies: [{ key: 'municipio', name: 'Municipio Cambios' }],
    areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
    users: [
      {
        email: 'municipio@cambios.test',
        password: 'Clave segura 1',
        first_name: 'Marta',
        last_name: 'Quispe',
        document_type: 'NATIONAL_ID',
        document_number: '41234590',
        birthdate: '1980-03-12',
      },
    ],
    staff: [{ user: 'municipio@cambios.test', company: 'municipio', role: 'OWNER' }],
  });
  appUid = (await t.appOf(HOST)).uid;
  marketOwner = await login('municipio@cambios.test');
  const options = await t.get('/api/v5/marketplace/stores/options/', {
    host: HOST,
    headers: marketOwner,
  });
  categoryUid = options.data.categories[0].uid;
  areaUid = options.data.areas[0].uid;
});
after(() => t?.close());

describe("an approved store's name, logo and description go through review", () => {
  test('the change waits in the queue; shoppers keep the approved version until it is approved', async () => {
    const { auth, body, store } = await storeOwner('Bodega Sol');
    assert.equal(store.status, 'approved');
    const approvedLook = await publicStore(store.uid);
    assert.equal(approvedLook.name, 'Bodega Sol');

    const asked = await patchProfile(auth, {
      name: 'Bodega Sol y Luna',
      logo: '/media/sol-luna.png',
      description: 'Abarrotes y frutas del día',
      version: store.version,
    });
    assert.equal(asked.statusCode, 200, asked.body);
    // The answer keeps the approved values and shows what waits.
    assert.equal(asked.data.name, 'Bodega Sol');
    assert.equal(asked.data.logo, store.logo);
    assert.equal(asked.data.description, store.description);
    assert.deepEqual(
      { ...asked.data.pending_change, requested_at: undefined },
      {
        name: 'Bodega Sol y Luna',
        logo: '/media/sol-luna.png',
        description: 'Abarrotes y frutas del día',
        requested_at: undefined,
        status: 'pending',
        reason: null,
      },
    );
    assert.deepEqual(await publicStore(store.uid), approvedLook, 'nothing public changed');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.appId, appUid), eq(auditLog.entityUid, store.uid)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    assert.equal(
      (audit[0].after as { pending_profile: { status: string } }).pending_profile.status,
      'pending',
    );

    // The marketplace owner's queue: the stores whose change waits, with the change.
    const queue = await t.get('/api/v5/admin/marketplace/stores/?changes=pending', {
      host: HOST,
      headers: marketOwner,
    });
    assert.equal(queue.statusCode, 200, queue.body);
    assert.deepEqual(
      queue.data.results.map((s: Store) => s.uid),
      [store.uid],
    );
    assert.equal(queue.data.results[0].pending_change.name, 'Bodega Sol y Luna');
    // With no filter, it comes before the approved stores with nothing to review.
    await storeOwner('Bodega Quieta');
    const all = await t.get('/api/v5/admin/marketplace/stores/', {
      host: HOST,
      headers: marketOwner,
    });
    assert.equal(all.data.results[0].uid, store.uid);

    // Approved: public from now on, nothing waits, and the owner is told.
    const current = await ownStore(auth);
    const approved = await changeDecision(store.uid, {
      decision: 'approve',
      version: current.version,
    });
    assert.equal(approved.statusCode, 200, approved.body);
    assert.equal(approved.data.pending_change, null);
    assert.deepEqual(await publicStore(store.uid), {
      name: 'Bodega Sol y Luna',
      logo: '/media/sol-luna.png',
      description: 'Abarrotes y frutas del día',
    });
    assert.match((await lastMailTo(body.email)).subject, /cambio.*fue aprobado/);
  });

  test('rejected with a reason: the approved version stays, the owner sees why and is mailed', async () => {
    const { auth, body, store } = await storeOwner('Panadería Norte');
    const before = await publicStore(store.uid);
    const asked = await patchProfile(auth, {
      description: 'Compra aquí tu iPhone barato',
      version: store.version,
    });
    assert.equal(asked.statusCode, 200, asked.body);
    // Only what changes is proposed.
    assert.deepEqual(Object.keys(asked.data.pending_change).sort(), [
      'description',
      'reason',
      'requested_at',
      'status',
    ]);

    const noReason = await changeDecision(store.uid, {
      decision: 'reject',
      version: asked.data.version,
    });
    assert.equal(noReason.statusCode, 400);
    assert.equal(noReason.errorCodes?.codes?.reason?.[0]?.code, formMessages.required);
    const stale = await changeDecision(store.uid, {
      decision: 'reject',
      reason: 'No corresponde al rubro',
      version: store.version,
    });
    assert.equal(stale.statusCode, 409);

    const rejected = await changeDecision(store.uid, {
      decision: 'reject',
      reason: 'No corresponde al rubro',
      version: asked.data.version,
    });
    assert.equal(rejected.statusCode, 200, rejected.body);
    assert.equal(rejected.data.pending_change.status, 'rejected');
    assert.equal(rejected.data.pending_change.reason, 'No corresponde al rubro');
    assert.deepEqual(await publicStore(store.uid), before);
    const mail = await lastMailTo(body.email);
    assert.match(mail.subject, /no fue aprobado/);
    assert.match(mail.text, /No corresponde al rubro/);
    const own = await ownStore(auth);
    assert.equal(own.pending_change?.status, 'rejected');

    // Nothing waits any more: a second decision is refused.
    const again = await changeDecision(store.uid, { decision: 'approve', version: own.version });
    assert.equal(again.statusCode, 400);
    assert.equal(again.errorCodes?.codes?.decision?.[0]?.code, formMessages.invalid);

    // A new proposal replaces the refused one (the refused field is not carried along).
    const retry = await patchProfile(auth, { name: 'Panadería Norte 2', version: own.version });
    assert.equal(retry.statusCode, 200, retry.body);
    assert.deepEqual(
      { ...retry.data.pending_change, requested_at: undefined },
      { name: 'Panadería Norte 2', requested_at: undefined, status: 'pending', reason: null },
    );
    // Asking for the approved name again withdraws it.
    const withdrawn = await patchProfile(auth, {
      name: 'Panadería Norte',
      version: retry.data.version,
    });
    assert.equal(withdrawn.statusCode, 200, withdrawn.body);
    assert.equal(withdrawn.data.pending_change, null);
  });

  test('a name another store has is refused when asked and when approved', async () => {
    const first = await storeOwner('Frutería Centro');
    const second = await storeOwner('Frutería Sur');
    const taken = await patchProfile(second.auth, {
      name: 'frutería centro',
      version: second.store.version,
    });
    assert.equal(taken.statusCode, 400);
    assert.equal(taken.errorCodes?.codes?.name?.[0]?.code, marketplaceMessages.nameTaken);

    // Asked while free, taken by another store before the review: approving it is refused.
    const asked = await patchProfile(second.auth, {
      name: 'Frutería Plaza',
      version: second.store.version,
    });
    assert.equal(asked.statusCode, 200, asked.body);
    const firstAsks = await patchProfile(first.auth, {
      name: 'Frutería Plaza',
      version: first.store.version,
    });
    assert.equal(firstAsks.statusCode, 200, firstAsks.body);
    const firstApproved = await changeDecision(first.store.uid, {
      decision: 'approve',
      version: firstAsks.data.version,
    });
    assert.equal(firstApproved.statusCode, 200, firstApproved.body);
    const late = await changeDecision(second.store.uid, {
      decision: 'approve',
      version: asked.data.version,
    });
    assert.equal(late.statusCode, 400);
    assert.equal(late.errorCodes?.codes?.name?.[0]?.code, marketplaceMessages.nameTaken);
    assert.equal((await publicStore(second.store.uid)).name, 'Frutería Sur');
  });

  test('a suspended store proposes too: reactivating it does not publish an unreviewed change', async () => {
    const { auth, store } = await storeOwner('Bodega Pausa');
    const suspended = await t.post(
      `/api/v5/admin/marketplace/stores/${store.uid}/decision/`,
      { decision: 'suspend', reason: 'Revisión', version: store.version },
      { host: HOST, headers: marketOwner },
    );
    assert.equal(suspended.statusCode, 200, suspended.body);
    const asked = await patchProfile(auth, {
      logo: '/media/otro.png',
      version: suspended.data.version,
    });
    assert.equal(asked.statusCode, 200, asked.body);
    assert.equal(asked.data.pending_change.logo, '/media/otro.png');
    const reactivated = await t.post(
      `/api/v5/admin/marketplace/stores/${store.uid}/decision/`,
      { decision: 'reactivate', version: asked.data.version },
      { host: HOST, headers: marketOwner },
    );
    assert.equal(reactivated.statusCode, 200, reactivated.body);
    assert.equal((await publicStore(store.uid)).logo, store.logo);
    assert.equal(reactivated.data.pending_change.status, 'pending');
  });

  test('a store not approved yet changes at once: approving the store reviews all of it', async () => {
    const { auth, store } = await storeOwner('Bodega Nueva', false);
    assert.equal(store.status, 'pending');
    const res = await patchProfile(auth, {
      name: 'Bodega Nueva Esperanza',
      logo: '/media/nueva.png',
      version: store.version,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.name, 'Bodega Nueva Esperanza');
    assert.equal(res.data.logo, '/media/nueva.png');
    assert.equal(res.data.pending_change, null);
  });

  test("only the marketplace owner decides: a store's own owner gets 403", async () => {
    const { auth, store } = await storeOwner('Bodega Propia');
    const asked = await patchProfile(auth, { description: 'Nueva', version: store.version });
    assert.equal(asked.statusCode, 200, asked.body);
    const self = await changeDecision(
      store.uid,
      { decision: 'approve', version: asked.data.version },
      auth,
    );
    assert.equal(self.statusCode, 403);
    assert.equal((await publicStore(store.uid)).description, store.description);
  });
});
