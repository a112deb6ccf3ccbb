import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diskStorage, s3Storage, type MediaStorage } from '../src/modules/media/storage';

/**
 * Both stores behind the media interface: the folder, and an S3-compatible bucket (a local fake
 * answering path-style PutObject/GetObject as S3 does, checking each call is signed).
 */
let fake: Server;
let port = 0;
const objects = new Map<string, { body: Buffer; type: string }>();
const signed: boolean[] = [];

before(async () => {
  fake = createServer((req, res) => {
    signed.push(/^AWS4-HMAC-SHA256 Credential=KEY\//.test(req.headers.authorization ?? ''));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = decodeURIComponent(req.url!.split('?')[0]);
      if (req.method === 'PUT') {
        objects.set(key, {
          body: Buffer.concat(chunks),
          type: String(req.headers['content-type']),
        });
        res.writeHead(200, { etag: '"x"' }).end();
      } else if (req.method === 'GET' && objects.has(key)) {
        const o = objects.get(key)!;
        res.writeHead(200, { 'content-type': o.type, 'content-length': o.body.length }).end(o.body);
      } else {
        res
          .writeHead(404, { 'content-type': 'application/xml' })
          .end(
            '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>',
          );
      }
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  port = (fake.address() as { port: number }).port;
});
after(() => fake?.close());

const key = 'a0000000-0000-4000-8000-000000000001/b0000000-0000-4000-8000-000000000002-320.webp';

async function roundTrip(storage: MediaStorage) {
  assert.equal(await storage.get(key), null);
  await storage.put(key, Buffer.from('RIFFwebp'), 'image/webp');
  const found = await storage.get(key);
  assert.equal(found?.body.toString(), 'RIFFwebp');
  assert.equal(found?.contentType, 'image/webp');
  await assert.rejects(storage.put('../../etc/passwd', Buffer.from('x'), 'image/webp'));
}

test('a folder keeps and returns an image; keys outside its shape are refused', async () => {
  await roundTrip(diskStorage(mkdtempSync(join(tmpdir(), 'media-disk-'))));
});

test('an S3-compatible bucket (STORAGE_URL) keeps and returns an image, path-style and signed', async () => {
  await roundTrip(s3Storage(`http://KEY:SECRET@127.0.0.1:${port}/shop-images?region=auto`));
  assert.ok(objects.has(`/shop-images/${key}`), [...objects.keys()].join());
  assert.ok(signed.length > 0 && signed.every(Boolean));
});
