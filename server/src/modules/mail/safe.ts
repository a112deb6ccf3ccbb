/**
 * What keeps the store's mail from carrying someone else's message: mail about an account goes
 * only to the address that account proved it reads, and whatever a client wrote (a name, an
 * address, a store's name) reaches a mail as short plain text with no working link in it.
 */

/** The account's address once it has been verified (a link opened, Google's word); else none. */
export function verifiedAddress(user: {
  email: string | null;
  emailVerifiedAt: Date | null;
}): string | null {
  return user.email && user.emailVerifiedAt ? user.email : null;
}

/** Zero-width and direction marks (they hide or reorder text) and control characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
/** A dot, or a dot a mail client may read as one, between a word and two letters: `evil.com`. */
const DOMAIN_DOT = /(?<=[\p{L}\p{N}_-])[.\u3002\uff0e\uff61](?=\p{L}{2})/gu;
/** The colon of a scheme (`https://`, `file:\\`). */
const SCHEME = /:(?=\/\/|\\\\)/g;

/**
 * `text` as a mail may show it: one line, cut to `max` characters, and defanged the way security
 * reports quote hostile addresses (`evil[.]com`, `https[:]//`), so no mail client turns it into
 * a link. Escaping for HTML is the template's job.
 */
export function clientText(text: string, max: number): string {
  // Defanged before the cut: a host cut short (`evil.c…`) is still no link.
  const line = text
    .replace(INVISIBLE, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(SCHEME, '[:]')
    .replace(DOMAIN_DOT, '[.]');
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
