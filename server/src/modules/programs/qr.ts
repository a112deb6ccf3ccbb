import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Member QR: `v1.<app uid>.<member uid>.<program uid>.<expiry, unix seconds>.<nonce>.<signature>`,
 * the signature being base64url(HMAC-SHA256(QR_SECRET, "v1|app|member|program|expiry|nonce")).
 * Staff scan it and the server checks it without any stored state; it lives
 * QR_LIFETIME_SECONDS and proves presence once: spending with it stores its
 * nonce (staff/presence.ts), so neither a screenshot later nor a second spend now works.
 */
export const QR_LIFETIME_SECONDS = 120;

/** 96 random bits: unique per QR, so two QRs of the same second are still two proofs. */
const newNonce = () => randomBytes(12).toString('base64url');
const NONCE = /^[A-Za-z0-9_-]{16}$/;

// A deployment sets QR_SECRET (shared by every server process); without it each
// process makes its own random one, which is fine for the demo and the tests.
let secret: Buffer | undefined;
function qrSecret(): Buffer {
  secret ??= process.env.QR_SECRET ? Buffer.from(process.env.QR_SECRET, 'utf8') : randomBytes(32);
  return secret;
}

function sign(payload: string): string {
  return createHmac('sha256', qrSecret()).update(payload).digest('base64url');
}

/**
 * `v1` QRs prove the member is present (staff may spend their coins or stamps
 * with one); `l1` QRs, given to a limited session (document number alone),
 * only find the member at the counter. The version is signed with the rest.
 */
export type MemberQrKind = 'v1' | 'l1';

export function signMemberQr(
  appUid: string,
  userUid: string,
  programUid: string,
  now = new Date(),
  kind: MemberQrKind = 'v1',
): { qr: string; expiresAt: Date } {
  const expiry = Math.floor(now.getTime() / 1000) + QR_LIFETIME_SECONDS;
  const payload = [kind, appUid, userUid, programUid, String(expiry), newNonce()];
  return {
    qr: `${payload.join('.')}.${sign(payload.join('|'))}`,
    expiresAt: new Date(expiry * 1000),
  };
}

export type QrCheck =
  | {
      valid: true;
      appUid: string;
      userUid: string;
      programUid: string;
      expiresAt: Date;
      /** Spent once the QR has proved presence (staff/presence.ts). */
      nonce: string;
      /** Whether the QR proves the member present (`v1`), or only finds them (`l1`). */
      provesPresence: boolean;
    }
  | { valid: false; reason: 'malformed' | 'signature' | 'expired' };

/** Checks a member QR: well formed, signed by this server, not expired. Staff calls still check the app and program it names, and spend its nonce. */
export function verifyMemberQr(token: string, now = new Date()): QrCheck {
  const parts = typeof token === 'string' && token.length < 400 ? token.split('.') : [];
  if (
    parts.length !== 7 ||
    !['v1', 'l1'].includes(parts[0]) ||
    !/^\d{1,12}$/.test(parts[4]) ||
    !NONCE.test(parts[5])
  )
    return { valid: false, reason: 'malformed' };
  const [version, appUid, userUid, programUid, expiry, nonce, signature] = parts;
  const expected = Buffer.from(
    sign([version, appUid, userUid, programUid, expiry, nonce].join('|')),
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { valid: false, reason: 'signature' };
  const expiresAt = new Date(Number(expiry) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { valid: false, reason: 'expired' };
  return {
    valid: true,
    appUid,
    userUid,
    programUid,
    expiresAt,
    nonce,
    provesPresence: version === 'v1',
  };
}

/**
 * Promotion QR (`POST .../promotions/{uid}/qrcode/`), signed like the member QR:
 * `p1.<app>.<member>.<promotion>.<redemption uid or ->.<expiry>.<nonce>.<signature>`,
 * valid QR_LIFETIME_SECONDS. Staff verify it with verifyPromotionQr; `p1` proves the member
 * present for that promotion (once, like the member QR), `k1` (a session made with the
 * document alone) only finds the promotion and the member.
 */
export type PromotionQrKind = 'p1' | 'k1';

export function signPromotionQr(
  appUid: string,
  userUid: string,
  promotionUid: string,
  redemptionUid: string | null,
  now = new Date(),
  kind: PromotionQrKind = 'p1',
): { qr: string; expiresAt: Date } {
  const expiry = Math.floor(now.getTime() / 1000) + QR_LIFETIME_SECONDS;
  const payload = [
    kind,
    appUid,
    userUid,
    promotionUid,
    redemptionUid ?? '-',
    String(expiry),
    newNonce(),
  ];
  return {
    qr: `${payload.join('.')}.${sign(payload.join('|'))}`,
    expiresAt: new Date(expiry * 1000),
  };
}

export type PromotionQrCheck =
  | {
      valid: true;
      appUid: string;
      userUid: string;
      promotionUid: string;
      redemptionUid: string | null;
      expiresAt: Date;
      nonce: string;
      provesPresence: boolean;
    }
  | { valid: false; reason: 'malformed' | 'signature' | 'expired' };

export function verifyPromotionQr(token: string, now = new Date()): PromotionQrCheck {
  const parts = typeof token === 'string' && token.length < 500 ? token.split('.') : [];
  if (
    parts.length !== 8 ||
    !['p1', 'k1'].includes(parts[0]) ||
    !/^\d{1,12}$/.test(parts[5]) ||
    !NONCE.test(parts[6])
  )
    return { valid: false, reason: 'malformed' };
  const [version, appUid, userUid, promotionUid, redemptionUid, expiry, nonce, signature] = parts;
  const expected = Buffer.from(
    sign([version, appUid, userUid, promotionUid, redemptionUid, expiry, nonce].join('|')),
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { valid: false, reason: 'signature' };
  const expiresAt = new Date(Number(expiry) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { valid: false, reason: 'expired' };
  return {
    valid: true,
    appUid,
    userUid,
    promotionUid,
    redemptionUid: redemptionUid === '-' ? null : redemptionUid,
    expiresAt,
    nonce,
    provesPresence: version === 'p1',
  };
}
