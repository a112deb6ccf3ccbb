import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/test-app';
import { makeStaffShop, PASSWORD } from './support/staff';

/**
 * The back office's images (`POST v5/admin/media/`, served under `/api/v5/media/`) and the
 * store's branding and legal texts (`v5/admin/branding/`).
 */
let t: TestApp;
type Auth = Record<string, string>;
let owner: Auth;
let manager: Auth;
let cashier: Auth;
let member: Auth;
let otherOwner: Auth;
let childOwner: Auth;
const otherHost = 'mediashop.test';

async function login(email: string, password: string, host = 'localhost'): Promise<Auth> {
  const res = await t.post('/api/v5/login/', { email, password }, { host });
  assert.equal(res.statusCode, 200, `${email}: ${res.body}`);
  return { authorization: `Token ${res.data.token}` };
}

function multipart(file: Buffer, filename = 'foto.jpg', type = 'image/jpeg') {
  const boundary = '----mediatest' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(auth: Auth, file: Buffer, host = 'localhost') {
  const { body, headers } = multipart(file);
  return t.post('/api/v5/admin/media/', body, { host, headers: { ...auth, ...headers } });
}

let mediaDir: string;
const storedFiles = async () => {
  const tenants = await readdir(mediaDir).catch(() => [] as string[]);
  const all = await Promise.all(tenants.map((d) => readdir(join(mediaDir, d))));
  return all.flat().length;
};

/** A 2000×1000 JPEG carrying EXIF (a camera name and GPS-like text). */
const photo = () =>
  sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Lat -12.1 Lon -77.0' } })
    .toBuffer();

before(async () => {
  mediaDir = mkdtempSync(join(tmpdir(), 'media-test-'));
  t = await startTestApp({ media: { dir: mediaDir } });
  owner = await login('dueno@aurora.pe', 'Dueno2026!');
  manager = await login('gerente@aurora.pe', 'Gerente2026!');
  cashier = await login('cajero@aurora.pe', 'Cajero2026!');
  member = await login('demo@aurora.pe', 'Aurora2026!');
  const shop = await makeStaffShop(t, 'mediashop');
  assert.equal(shop.host, otherHost);
  otherOwner = await login('owner@staff.test', PASSWORD, otherHost);
  childOwner = await login('bare@staff.test', PASSWORD, otherHost);
});
after(() => t?.close());

describe('image upload', () => {
  test('an owner uploads a photo: WebP in each width, upright size, no EXIF, a year of cache', async () => {
    const source = await photo();
    assert.match((await sharp(source).metadata()).exif?.toString('latin1') ?? '', /SecretCam/);
    const res = await upload(owner, source);
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.width, 2000);
    assert.equal(res.data.height, 1000);
    assert.deepEqual(
      res.data.sizes.map((s: { width: number }) => s.width),
      [160, 320, 640, 1280],
    );
    assert.equal(res.data.url, res.data.sizes[3].url);
    assert.match(res.data.url, /^\/api\/v5\/media\/[0-9a-f-]{36}-1280\.webp$/);
    for (const size of res.data.sizes) {
      const image = await t.app.inject({ url: size.url, headers: { host: 'localhost' } });
      assert.equal(image.statusCode, 200);
      assert.equal(image.headers['content-type'], 'image/webp');
      assert.equal(image.headers['cache-control'], 'public, max-age=31536000, immutable');
      const meta = await sharp(image.rawPayload).metadata();
      assert.equal(meta.format, 'webp');
      assert.equal(meta.width, size.width);
      assert.equal(meta.exif, undefined, 'EXIF is stripped');
    }
    const [line] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'media'), eq(auditLog.entityUid, res.data.uid)));
    assert.equal(line?.action, 'create');
  });

  test('a small image is never enlarged: only the widths up to its own', async () => {
    const small = await sharp({
      create: { width: 300, height: 200, channels: 4, background: '#00000000' },
    })
      .png()
      .toBuffer();
    const res = await upload(manager, small);
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(
      res.data.sizes.map((s: { width: number }) => s.width),
      [160, 300],
    );
  });

  test('a text file or a broken image is a 400 {file} and nothing is stored', async () => {
    const before = await storedFiles();
    const text = await upload(owner, Buffer.from('<svg onload="alert(1)"></svg>'));
    assert.equal(text.statusCode, 400, text.body);
    assert.deepEqual(text.errorCodes?.codes?.file, [{ code: 'admin.image_invalid' }]);
    const jpeg = await photo();
    const broken = await upload(owner, jpeg.subarray(0, 400));
    assert.equal(broken.statusCode, 400, broken.body);
    assert.deepEqual(broken.errorCodes?.codes?.file, [{ code: 'admin.image_invalid' }]);
    const empty = await t.post('/api/v5/admin/media/', {}, { headers: owner });
    assert.equal(empty.statusCode, 400, empty.body);
    assert.equal(await storedFiles(), before);
  });

  test('an image over 8 MB is a 413 and nothing is stored', async () => {
    const before = await storedFiles();
    const res = await upload(owner, Buffer.alloc(8 * 1024 * 1024 + 10, 1));
    assert.equal(res.statusCode, 413, res.body);
    assert.equal(res.errorCodes?.code, 'admin.image_too_big');
    assert.deepEqual(res.errorCodes?.params, { max: '8' });
    assert.equal(await storedFiles(), before);
  });

  test('customers, counter staff and anonymous callers cannot upload', async () => {
    const source = await photo();
    assert.equal((await upload(cashier, source)).statusCode, 403);
    assert.equal((await upload(member, source)).statusCode, 403);
    assert.equal((await upload({}, source)).statusCode, 401);
  });

  test('another store can neither read an image nor reach it by name', async () => {
    const mine = await upload(owner, await photo());
    assert.equal(mine.statusCode, 201);
    const elsewhere = await t.app.inject({ url: mine.data.url, headers: { host: otherHost } });
    assert.equal(elsewhere.statusCode, 404);
    const theirs = await upload(otherOwner, await photo(), otherHost);
    assert.equal(theirs.statusCode, 201, theirs.body);
    const fromAurora = await t.app.inject({ url: theirs.data.url, headers: { host: 'localhost' } });
    assert.equal(fromAurora.statusCode, 404);
    const sneaky = await t.app.inject({
      url: '/api/v5/media/..%2F..%2Fetc%2Fpasswd',
      headers: { host: 'localhost' },
    });
    assert.equal(sneaky.statusCode, 404);
  });
});

describe('branding and legal texts', () => {
  test('the owner changes the colours, logo and terms; scripts are removed; the store shows it', async () => {
    const read = await t.get('/api/v5/admin/branding/', { headers: owner });
    assert.equal(read.statusCode, 200, read.body);
    const logo = await upload(owner, await photo());
    const res = await t.patch(
      '/api/v5/admin/branding/',
      {
        version: read.data.version,
        main_color: '#123abc',
        logo: logo.data.url,
        terms_and_conditions:
          '<h2>Términos</h2><p onclick="steal()">Hola<script>alert(1)</script></p><form><input name="password"></form><style>body{}</style>',
      },
      { headers: owner },
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.main_color, '#123ABC');
    assert.equal(res.data.version, read.data.version + 1);
    assert.equal(res.data.terms_and_conditions, '<h2>Términos</h2><p>Hola</p>');
    const app = await t.appOf('localhost');
    assert.equal(app.colors.main_color, '#123ABC');
    assert.equal(app.logo, logo.data.url);
    assert.equal(app.company.logo, logo.data.url, "the main company's logo follows");
    assert.equal(app.site.terms_and_conditions, '<h2>Términos</h2><p>Hola</p>');
    const [line] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'branding'), eq(auditLog.action, 'update')));
    assert.equal((line.after as { main_color: string }).main_color, '#123ABC');
  });

  test('a stale version is a 409 with the current values; nothing is written', async () => {
    const read = await t.get('/api/v5/admin/branding/', { headers: manager });
    const first = await t.patch(
      '/api/v5/admin/branding/',
      { version: read.data.version, menu_color: '#000000' },
      { headers: manager },
    );
    assert.equal(first.statusCode, 200, first.body);
    const second = await t.patch(
      '/api/v5/admin/branding/',
      { version: read.data.version, menu_color: '#FFFFFF' },
      { headers: owner },
    );
    assert.equal(second.statusCode, 409);
    assert.equal(second.errorCodes?.code, 'admin.version_conflict');
    assert.equal(second.data.current.menu_color, '#000000');
  });

  test('bad colours and image addresses are field errors', async () => {
    const read = await t.get('/api/v5/admin/branding/', { headers: owner });
    const res = await t.patch(
      '/api/v5/admin/branding/',
      {
        version: read.data.version,
        main_color: 'red',
        logo: 'javascript:alert(1)',
        favicon: '//evil.example/x.png',
      },
      { headers: owner },
    );
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(res.errorCodes?.codes?.main_color, [{ code: 'admin.color_invalid' }]);
    assert.deepEqual(res.errorCodes?.codes?.logo, [{ code: 'admin.image_url_invalid' }]);
    assert.deepEqual(res.errorCodes?.codes?.favicon, [{ code: 'admin.image_url_invalid' }]);
  });

  test("each store edits its own branding; a multisite's other company cannot", async () => {
    const theirs = await t.get('/api/v5/admin/branding/', { headers: otherOwner, host: otherHost });
    assert.equal(theirs.statusCode, 200, theirs.body);
    const mine = await t.get('/api/v5/admin/branding/', { headers: owner });
    const write = await t.patch(
      '/api/v5/admin/branding/',
      { version: theirs.data.version, main_color: '#111111' },
      { headers: otherOwner, host: otherHost },
    );
    assert.equal(write.statusCode, 200);
    const after = await t.get('/api/v5/admin/branding/', { headers: owner });
    assert.equal(after.data.main_color, mine.data.main_color);
    assert.equal(after.data.version, mine.data.version);
    const child = await t.get('/api/v5/admin/branding/', { headers: childOwner, host: otherHost });
    assert.equal(child.statusCode, 403);
    assert.equal(child.errorCodes?.code, 'admin.branding_main_company_only');
    assert.equal((await t.get('/api/v5/admin/branding/', { headers: cashier })).statusCode, 403);
    assert.equal((await t.get('/api/v5/admin/branding/', { headers: member })).statusCode, 403);
  });
});
