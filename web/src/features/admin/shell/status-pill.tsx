import type { HTMLAttributes } from 'react';
import './status-pill.css';

/**
 * How a state reads: `good`/`on` green (done, open, active), `bad` red (canceled, failed),
 * `wait`/`warn` amber (on its way, scheduled, paused), `off` grey (inactive, draft). Two names
 * for one colour keep the words each area already used in its DOM.
 */
export type PillTone = 'good' | 'on' | 'bad' | 'wait' | 'warn' | 'off';

/** A state as a coloured label; its words say it too (never colour alone). */
export function StatusPill({
  tone,
  ...span
}: { tone: PillTone } & Omit<HTMLAttributes<HTMLSpanElement>, 'className'>) {
  return <span {...span} className={`admin-badge admin-badge--${tone}`} />;
}

/** An order's, payment's or refund's state as a tone: green done, red canceled or failed, amber waiting. */
export function orderStateTone(value: string): PillTone {
  return /CANCELED|REJECTED/.test(value)
    ? 'bad'
    : /DELIVERED|PAID|REFUNDED|DONE/.test(value)
      ? 'good'
      : 'wait';
}
