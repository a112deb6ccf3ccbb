// Its own file: the card shows the panels, and the panels take the card's proof (issue 38).

/**
 * The client's proof of presence for spending their coins, stamps or what they hold: the member
 * QR staff scanned to find them, or the one-time code their phone shows, typed here. A typed code
 * wins over the QR. Each works once (and lives 2 minutes): a spent code is cleared, a spent QR is
 * no longer sent, and the card says a new one is needed.
 */
export type Proof = { value: string | undefined; used: () => void };
