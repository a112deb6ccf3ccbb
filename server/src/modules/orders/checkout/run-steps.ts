/**
 * One step of a workflow: what it does and, when it leaves something behind
 * that a later failure must take back, how to undo it.
 */
export type Step<S> = {
  name: string;
  run: (state: S) => Promise<void>;
  /**
   * Undoes what `run` did. Called only for steps whose `run` finished, when a
   * later step fails. A step that fails half-way undoes its own half itself
   * before throwing (a captured charge whose capture failed is refunded by the
   * charge step), so `compensate` never sees a half-done step.
   */
  compensate?: (state: S) => Promise<void>;
};

/**
 * Runs steps in order over one state. When a step throws, the compensations
 * of the steps already done run newest first (the charge is refunded before
 * the reservation is given back, as a provider may refuse a refund for an
 * order that is gone), then the step's error is thrown. A compensation that
 * throws stops the unwinding with its own error: what it could not undo is
 * left for staff, and the error says so rather than a tidy 400.
 */
export async function runSteps<S>(steps: readonly Step<S>[], state: S): Promise<S> {
  const done: Step<S>[] = [];
  for (const step of steps) {
    try {
      await step.run(state);
    } catch (err) {
      for (const finished of done.reverse()) await finished.compensate?.(state);
      throw err;
    }
    done.push(step);
  }
  return state;
}
