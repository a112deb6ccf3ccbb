/**
 * The SANDBOX card provider's test cards and its tokens. The sandbox form in the browser turns a
 * test card into a token here, as a real provider's fields do, so the order API never receives a
 * card number, whichever provider a store uses. No money moves: the outcome travels in the token.
 */
export type SandboxOutcome = 'approved' | 'pending' | 'card_declined' | 'insufficient_funds';

export const SANDBOX_CARDS: readonly { number: string; outcome: SandboxOutcome }[] = [
  { number: '4242424242424242', outcome: 'approved' },
  { number: '5555555555554444', outcome: 'approved' },
  { number: '4000000000003220', outcome: 'pending' },
  { number: '4000000000000002', outcome: 'card_declined' },
  { number: '4000000000009995', outcome: 'insufficient_funds' },
];

/** The installments the SANDBOX offers for any card (a real provider answers per card and amount). */
export const SANDBOX_INSTALLMENTS: readonly number[] = [1, 3, 6];

const TOKEN =
  /^sbxtok_(approved|pending|card_declined|insufficient_funds)_(\d{4})_[A-Za-z0-9]{8,64}$/;

/** The sandbox's card brand, as a provider names it in `payment_method_id`. */
export function sandboxBrand(number: string): string {
  return number.startsWith('5') ? 'master' : 'visa';
}

/** A single-use sandbox token for a card number (any number not listed is declined). */
export function sandboxCardToken(number: string, random: string): string {
  const digits = number.replace(/\s+/g, '');
  const outcome = SANDBOX_CARDS.find((c) => c.number === digits)?.outcome ?? 'card_declined';
  return `sbxtok_${outcome}_${digits.slice(-4)}_${random}`;
}

/** What a sandbox token says; null for anything that is not one. */
export function parseSandboxToken(
  token: string,
): { outcome: SandboxOutcome; last4: string } | null {
  const match = TOKEN.exec(token);
  return match ? { outcome: match[1] as SandboxOutcome, last4: match[2] } : null;
}
