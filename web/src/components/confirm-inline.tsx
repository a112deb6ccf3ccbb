type ConfirmInlineProps = {
  /** The question, also the dialog's accessible name. */
  question: string;
  yes: string;
  no: string;
  /** While the confirmed action is on its way the yes button waits. */
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
  className: string;
};

/**
 * An "are you sure?" in place of the button that asked it: the question, a danger button that
 * does it and one that keeps things as they are. Used before anything that cannot be undone
 * (cancelling an order or a subscription).
 */
export function ConfirmInline({
  question,
  yes,
  no,
  busy,
  onYes,
  onNo,
  className,
}: ConfirmInlineProps) {
  return (
    <div role="alertdialog" aria-label={question} className={className}>
      <p>{question}</p>
      <button type="button" className="button button--danger" disabled={busy} onClick={onYes}>
        {yes}
      </button>
      <button type="button" className="button button--ghost" onClick={onNo}>
        {no}
      </button>
    </div>
  );
}
