import type { FastifyBaseLogger } from 'fastify';

/**
 * The loop an outbox worker runs (mail, electronic receipts): a look every `pollMs`, a look soon
 * after something was queued, and never two looks at once (a look asked for during a run is a
 * second run right after). Subclasses say what one look does (`work`).
 */
export abstract class OutboxPoller {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  protected stopped = false;

  protected constructor(
    protected readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
    /** What the outbox holds, for the error line ("mail", "receipts"). */
    private readonly name: string,
  ) {}

  /** Works the outbox until nothing is due; the loop stops between batches once `stopped`. */
  protected abstract work(): Promise<void>;

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
      void this.tick().finally(() => this.schedule(this.pollMs));
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
