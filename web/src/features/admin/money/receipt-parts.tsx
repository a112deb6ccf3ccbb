import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { AdminElectronicReceipt } from '@store/contract/admin/money';
import { useOrdersReceipts, useRefreshReceipts } from './api/get-receipts';
import { useRetryReceipt } from './api/retry-receipt';
import './money.css';
import { StatusPill } from '../shell/status-pill';

/**
 * The pieces of one electronic receipt as the owner sees it, shared by /admin/receipts and the
 * order's own screen (/admin/orders/{uid}): its state with the provider's reason, Retry, and the
 * PDF and XML.
 */
const tone = { PENDING: 'wait', ISSUED: 'good', REJECTED: 'bad', FAILED: 'bad' } as const;

export const receiptId = (r: AdminElectronicReceipt) => `${r.serie}-${r.numero}`;

/**
 * Tells the owner how each retried receipt ended, once: its order's receipts are asked for until
 * it leaves PENDING (whatever the list's filter shows), then a toast says issued, or refused
 * again and why, and the lists are read again.
 */
export function useRetryOutcomes() {
  const { t } = useTranslation();
  const refresh = useRefreshReceipts();
  const [watched, setWatched] = useState<AdminElectronicReceipt[]>([]);
  const answers = useOrdersReceipts(watched.map((r) => r.order.uid));
  useEffect(() => {
    const done = watched.flatMap((r, i) => {
      const now = answers[i]?.data?.results.find((x) => x.uid === r.uid);
      return now && now.status !== 'PENDING' ? [now] : [];
    });
    if (!done.length) return;
    for (const r of done)
      if (r.status === 'ISSUED') toast.success(t('admin.receipts.issued', { id: receiptId(r) }));
      else
        toast.error(t('admin.receipts.failedAgain', { id: receiptId(r), reason: r.error ?? '—' }));
    setWatched((list) => list.filter((r) => !done.some((d) => d.uid === r.uid)));
    void refresh();
  }, [answers, watched, refresh, t]);
  return (receipt: AdminElectronicReceipt) =>
    setWatched((list) => (list.some((r) => r.uid === receipt.uid) ? list : [...list, receipt]));
}

/** Sends a refused or unanswered receipt again (same series and number), with its progress. */
function RetryButton({
  receipt,
  onSent,
}: {
  receipt: AdminElectronicReceipt;
  onSent: (receipt: AdminElectronicReceipt) => void;
}) {
  const { t } = useTranslation();
  const retry = useRetryReceipt();
  const id = receiptId(receipt);
  // Awaited rather than mutate's callbacks: the row may leave a filtered list before they run.
  const send = async () => {
    let answer: AdminElectronicReceipt;
    try {
      answer = await retry.mutateAsync(receipt.uid);
    } catch {
      toast.error(t('admin.receipts.retryError', { id }));
      return;
    }
    if (answer.status === 'PENDING') {
      onSent(answer);
      toast.info(t('admin.receipts.retrying', { id }));
    } else toast.info(t(`admin.receipts.unchanged_${answer.status}`, { id }));
  };
  return (
    <button
      type="button"
      className="button button--small"
      onClick={() => void send()}
      disabled={retry.isPending}
      aria-busy={retry.isPending}
    >
      {retry.isPending ? t('admin.receipts.retryBusy') : t('admin.receipts.retry')}
      <span className="visually-hidden"> {id}</span>
    </button>
  );
}

/** The state badge, the provider's reason (or its last error while it retries), and Retry. */
export function ReceiptState({
  receipt: r,
  onSent,
}: {
  receipt: AdminElectronicReceipt;
  onSent: (receipt: AdminElectronicReceipt) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <StatusPill tone={tone[r.status]}>{t(`admin.receipts.status_${r.status}`)}</StatusPill>
      {r.error && r.status !== 'ISSUED' ? (
        <small className="admin-receipts__reason" data-testid="receipt-reason">
          {r.status === 'PENDING'
            ? t('admin.receipts.lastError', { reason: r.error })
            : t('admin.receipts.reason', { reason: r.error })}
        </small>
      ) : null}
      {r.status === 'REJECTED' || r.status === 'FAILED' ? (
        <span className="admin-receipts__retry">
          <RetryButton receipt={r} onSent={onSent} />
        </span>
      ) : null}
    </>
  );
}

/** The provider's PDF and XML, or a dash before it issued the receipt. */
export function ReceiptFiles({ receipt: r }: { receipt: AdminElectronicReceipt }) {
  const { t } = useTranslation();
  const id = receiptId(r);
  if (!r.pdf_url && !r.xml_url) return <>—</>;
  return (
    <span className="admin-receipts__files">
      {r.pdf_url ? (
        <a href={r.pdf_url} target="_blank" rel="noopener noreferrer">
          {t('admin.receipts.pdf')}
          <span className="visually-hidden"> {id}</span>
        </a>
      ) : null}
      {r.xml_url ? (
        <a href={r.xml_url} target="_blank" rel="noopener noreferrer">
          {t('admin.receipts.xml')}
          <span className="visually-hidden"> {id}</span>
        </a>
      ) : null}
    </span>
  );
}
