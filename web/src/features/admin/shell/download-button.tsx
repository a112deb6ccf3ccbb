import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { useErrorText } from '../../../lib/error-text';
import { saveFile } from '../../../lib/save-file';

export type DownloadState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; name: string }
  | { kind: 'error'; message: string };

/** The server's own reason for a refused download (its `detail`), when it gave one. */
const detailOf = (error: unknown) => (error instanceof ApiError ? error.detailMessage : undefined);

/**
 * A file the server writes (a CSV export), fetched with the session (a plain link would carry no
 * token) and saved under the server's name, else `fallbackName`. A failure says the server's
 * reason (`reasonOf`, by default its `detail`) in the reader's language, else `failed`.
 */
export function useFileDownload({
  download,
  fallbackName,
  failed,
  reasonOf = detailOf,
}: {
  download: () => Promise<{ blob: Blob; filename: string | null }>;
  fallbackName: string;
  failed: string;
  reasonOf?: (error: unknown) => string | undefined;
}) {
  const errorText = useErrorText();
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });
  const run = async () => {
    setState({ kind: 'busy' });
    try {
      const { blob, filename } = await download();
      const name = filename ?? fallbackName;
      saveFile(blob, name);
      setState({ kind: 'done', name });
    } catch (error) {
      const reason = reasonOf(error);
      setState({ kind: 'error', message: reason ? errorText(reason) : failed });
    }
  };
  return { state, run };
}

/**
 * The back office's download button (members, a poll's responses, a report): the button, busy
 * while the file comes, then a status line naming the file saved, or an alert saying why not.
 */
export function DownloadButton({
  className,
  noteClassName,
  testId,
  texts,
  hint,
  ...download
}: Parameters<typeof useFileDownload>[0] & {
  className: string;
  noteClassName: string;
  testId: string;
  texts: { idle: string; busy: string; done: (name: string) => string };
  /** A line under the button (what the file holds, who sees that it was taken). */
  hint?: string;
}) {
  const { state, run } = useFileDownload(download);
  return (
    <div className={className}>
      <button
        type="button"
        className="button"
        onClick={() => void run()}
        disabled={state.kind === 'busy'}
        data-testid={testId}
      >
        {state.kind === 'busy' ? texts.busy : texts.idle}
      </button>
      {hint ? <p className="admin-page__note">{hint}</p> : null}
      <p role="status" className={noteClassName}>
        {state.kind === 'done' ? texts.done(state.name) : null}
      </p>
      {state.kind === 'error' ? (
        <p role="alert" className="form-error">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
