import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { MarketplaceStore } from '@store/contract/marketplace/stores';
import { ApiError } from '../../../api';
import { FormAlert, TextField } from '../../../components/form-fields';

type Callbacks = { onSuccess: () => void; onError: (e: unknown) => void };

type StoreDecisionsProps<D extends string> = {
  store: MarketplaceStore;
  /** The decisions open now, one button each. */
  choices: readonly D[];
  /** The decisions that lead somewhere good (a primary button); the others are a danger. */
  primary: (d: D) => boolean;
  /** The decisions that ask for a reason (mailed to the store's owner). */
  needsReason: (d: D) => boolean;
  label: (d: D) => string;
  question: (d: D) => string;
  done: (d: D) => string;
  /** The decision's mutation, sent with the version the card was read at. */
  decide: {
    mutate: (
      body: { uid: string; decision: D; version: number; reason?: string },
      callbacks: Callbacks,
    ) => void;
    isPending: boolean;
  };
};

/**
 * A store's decision buttons in /admin/stores (on the store itself, or on the change its owner
 * asked for), each confirmed before it is sent, with a reason where the decision wants one.
 */
export function StoreDecisions<D extends string>({
  store,
  choices,
  primary,
  needsReason,
  label,
  question,
  done,
  decide,
}: StoreDecisionsProps<D>) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<D | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string[]>([]);

  const confirm = () => {
    if (!asking) return;
    setProblem([]);
    const body = { uid: store.uid, decision: asking, version: store.version };
    decide.mutate(needsReason(asking) ? { ...body, reason: reason.trim() } : body, {
      onSuccess: () => {
        toast.success(done(asking));
        setAsking(null);
        setReason('');
      },
      onError: (e) =>
        setProblem([
          e instanceof ApiError
            ? (Object.values(e.fieldErrors)[0]?.[0] ?? e.detailMessage ?? t('admin.fetchError'))
            : t('admin.fetchError'),
        ]),
    });
  };

  if (asking)
    return (
      <div role="alertdialog" aria-label={question(asking)} className="stores-card__confirm">
        <p>{question(asking)}</p>
        {needsReason(asking) ? (
          <TextField
            label={t('admin.stores.reason')}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
        ) : null}
        <FormAlert messages={problem} />
        <div className="stores-card__actions">
          <button
            type="button"
            className={primary(asking) ? 'button button--primary' : 'button button--danger'}
            disabled={decide.isPending}
            onClick={confirm}
          >
            {t('admin.stores.yes')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setAsking(null);
              setProblem([]);
            }}
          >
            {t('admin.stores.no')}
          </button>
        </div>
      </div>
    );
  return (
    <div className="stores-card__actions">
      {choices.map((d) => (
        <button
          key={d}
          type="button"
          className={primary(d) ? 'button button--primary button--small' : 'button button--small'}
          aria-label={`${label(d)}: ${store.name}`}
          onClick={() => setAsking(d)}
        >
          {label(d)}
        </button>
      ))}
    </div>
  );
}
