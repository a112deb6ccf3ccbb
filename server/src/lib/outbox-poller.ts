import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';

/** How an outbox is worked off: its pace, its retries and the lease of a claimed row. */
export type OutboxDelivery = {
  /** Milliseconds between looks at the outbox; a new row also wakes the worker. */
  pollMs: number;
  /** The first retry's wait; each further one waits twice as long, at most an hour. */
  retryBaseMs: number;
  /** Attempts before a row counts as failed and is shown to the owner. */
  maxAttempts: number;
  /** Seconds a claimed row is left to its worker; longer than a send's timeouts. */
  leaseSeconds: number;
};

/** Rows claimed per look: a look that claims fewer has emptied what is due. */
export const OUTBOX_BATCH = 10;
const MAX_RETRY_MS = 3_600_000;

/**
 * The loop an outbox worker runs (mail, electronic receipts): a look every `pollMs`, a look soon
 * after something was queued, and never two looks at once (a look asked for during a run is a
 * second run right after). A look claims batches of due rows until none is left; subclasses say
 * how a row is claimed (`claim`, under a lease: `leaseUntil`) and sent (`send`, a failure retried
 * at `retryAt`).
 */
export abstract class OutboxPoller<Row> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  protected stopped = false;

  protected constructor(
    protected readonly log: FastifyBaseLogger,
    protected readonly delivery: OutboxDelivery,
    /** What the outbox holds, for the error line ("mail", "receipts"). */
    private readonly name: string,
  ) {}

  /** Claims up to OUTBOX_BATCH due rows, each under a lease. */
  protected abstract claim(): Promise<Row[]>;

  /** Sends a batch of claimed rows, recording each one's outcome. */
  protected abstract send(batch: Row[]): Promise<void>;

  /** When a row claimed now is left to another worker. */
  protected leaseUntil() {
    return sql`now() + make_interval(secs => ${this.delivery.leaseSeconds})`;
  }

  /** When a row that failed at its `attempts`-th try is tried again (back-off, at most an hour). */
  protected retryAt(attempts: number) {
    const waitMs = Math.min(this.delivery.retryBaseMs * 2 ** (attempts - 1), MAX_RETRY_MS);
    return sql`now() + make_interval(secs => ${waitMs / 1000})`;
  }

  /** Works the outbox until nothing is due; the loop stops between batches once `stopped`. */
  private async work(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const batch = await this.claim();
      if (!batch.length) return;
      await this.send(batch);
      if (batch.length < OUTBOX_BATCH) return;
    }
  }

  start(): void {
    this.schedule(0);
  }

  /**
   * Something was just queued: look shortly. Its transaction commits after the caller returns, so
   * a second look follows the first; the poll is the backstop for a long transaction.
   */
  soon(): void {
    if (this.stopped) return;
    for (const ms of [20, 250]) setTimeout(() => void this.tick(), ms).unref();
  }

  /** Works everything due now; resolves when none is left (failed ones wait for their retry). */
  async drain(): Promise<void> {
    // A run already under way may have looked before the caller's row was committed.
    await this.running;
    if (!this.stopped) await this.tick();
  }

  /** Stops looking and waits for the run under way; what is left stays for the next process. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.tick().finally(() => this.schedule(this.delivery.pollMs));
    }, ms);
    this.timer.unref();
  }

  private tick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.work().catch((err: unknown) =>
          this.log.error({ err }, `${this.name} outbox could not be read`),
        );
      } while (this.again && !this.stopped);
    })().finally(() => (this.running = null));
    return this.running;
  }
}
