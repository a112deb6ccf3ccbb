import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminRaffle, AdminRaffleVerification } from '@store/contract/admin/raffles';
import { ApiError } from '../../../api';
import { FormAlert, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { useErrorText } from '../../../lib/error-text';
import { saveFile } from '../../../lib/save-file';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useRaffleDraw, useRaffleEntries, verifyRaffleDraw } from './api/get-raffle';
import { useDrawRaffle } from './api/save-raffle';
import { useStoreDate } from './raffle-state';
import { Pager } from '../../../components/pager';
import { AdminLoadError } from '../shell/admin-load-error';
import { StatusPill } from '../shell/status-pill';

const PAGE_SIZE = 20;

/** An answer's own message (the draw's 400/409), else the screen's fallback. */
const messageOf = (e: unknown, fallback: string) =>
  e instanceof ApiError
    ? (e.fieldErrors.non_field_errors?.[0] ?? e.detailMessage ?? fallback)
    : fallback;

/** The draw: the button (once, after a confirmation), then its record, the check and the download. */
export function RaffleDrawPanel({ raffle }: { raffle: AdminRaffle }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const date = useStoreDate();
  const drawn = !!raffle.drawn_at;
  const draw = useDrawRaffle(raffle.uid);
  const record = useRaffleDraw(raffle.uid, drawn);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [verdict, setVerdict] = useState<AdminRaffleVerification | null>(null);

  const start = () => {
    if (
      !window.confirm(t('admin.raffles.confirmDraw', { name: raffle.name, count: raffle.entries }))
    )
      return;
    setError(null);
    draw.mutate(undefined, {
      onError: (e) => setError(errorText(messageOf(e, t('admin.raffles.drawError')))),
    });
  };
  const check = async () => {
    setChecking(true);
    setError(null);
    setVerdict(null);
    try {
      setVerdict(await verifyRaffleDraw(raffle.uid));
    } catch (e) {
      setError(errorText(messageOf(e, t('admin.raffles.verifyError'))));
    } finally {
      setChecking(false);
    }
  };
  const download = () => {
    if (!record.data) return;
    saveFile(
      new Blob([JSON.stringify(record.data, null, 2)], { type: 'application/json' }),
      `sorteo-${raffle.uid}.json`,
    );
  };
  const why = (v: AdminRaffleVerification) =>
    [
      ...(v.entries_match ? [] : [t('admin.raffles.entriesChanged')]),
      ...(v.winners_match ? [] : [t('admin.raffles.winnersChanged')]),
    ].join('; ');

  return (
    <section
      className="admin-panel admin-raffle-draw"
      aria-labelledby="raffle-draw-title"
      data-testid="raffle-draw"
    >
      <h2 id="raffle-draw-title" className="admin-panel__title">
        {t('admin.raffles.drawTitle')}
      </h2>
      {!drawn ? (
        <>
          <p className="admin-page__note">{t('admin.raffles.drawHint')}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={start}
            disabled={draw.isPending || raffle.entries === 0}
            data-testid="raffle-draw-button"
          >
            {draw.isPending ? t('admin.raffles.drawing') : t('admin.raffles.draw')}
          </button>
          {raffle.entries === 0 ? (
            <p className="admin-page__note">{t('admin.raffles.noEntries')}</p>
          ) : null}
        </>
      ) : record.isPending ? (
        <Loading />
      ) : record.isError ? (
        <AdminLoadError onRetry={() => record.refetch()} />
      ) : (
        <>
          <p>{t('admin.raffles.drawnAt', { date: date(record.data.drawn_at) })}</p>
          <h3>{t('admin.raffles.winners')}</h3>
          <ol data-testid="raffle-winners">
            {record.data.winners.map((w) => (
              <li key={w.user}>{w.name || w.user}</li>
            ))}
          </ol>
          <dl>
            <dt>{t('admin.raffles.algorithm')}</dt>
            <dd>{record.data.algorithm}</dd>
            <dt>{t('admin.raffles.seed')}</dt>
            <dd data-testid="raffle-seed">{record.data.seed}</dd>
            <dt>{t('admin.raffles.entriesHash')}</dt>
            <dd>{record.data.entries_sha256}</dd>
            <dt>{t('admin.raffles.entries')}</dt>
            <dd>{record.data.entries.length}</dd>
          </dl>
          <div className="admin-raffle-draw__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => void check()}
              disabled={checking}
              data-testid="raffle-verify"
            >
              {checking ? t('admin.raffles.verifying') : t('admin.raffles.verify')}
            </button>
            <button type="button" className="button" onClick={download}>
              {t('admin.raffles.download')}
            </button>
          </div>
          <p className="admin-page__note">{t('admin.raffles.verifyHint')}</p>
          <div aria-live="polite">
            {verdict ? (
              <p
                className={`admin-raffle-verdict admin-raffle-verdict--${verdict.ok ? 'ok' : 'bad'}`}
                data-testid="raffle-verdict"
              >
                {verdict.ok
                  ? t('admin.raffles.verified')
                  : t('admin.raffles.notVerified', { why: why(verdict) })}
              </p>
            ) : null}
          </div>
        </>
      )}
      {error ? <FormAlert messages={[error]} /> : null}
    </section>
  );
}

/** The entrants, searchable and paged, winners marked with their rank. */
export function RaffleEntries({ raffle }: { raffle: AdminRaffle }) {
  const { t } = useTranslation();
  const date = useStoreDate();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(q.trim(), 300);
  const query = useRaffleEntries(raffle.uid, {
    page,
    page_size: PAGE_SIZE,
    ...(search ? { q: search } : {}),
  });
  const d = query.data;
  const pages = d ? Math.max(1, Math.ceil(d.count / PAGE_SIZE)) : 1;
  return (
    <section className="admin-panel" aria-labelledby="raffle-entries-title">
      <div className="admin-page__head">
        <h2 id="raffle-entries-title" className="admin-panel__title">
          {t('admin.raffles.entriesTitle')} ({raffle.entries})
        </h2>
        <TextField
          label={t('admin.raffles.entriesSearch')}
          type="search"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <AdminLoadError onRetry={() => query.refetch()} />
      ) : !d?.results.length ? (
        <p className="admin-empty">{t('admin.raffles.noEntries')}</p>
      ) : (
        // Scrolls sideways on a phone: focusable so a keyboard can scroll it too.
        <div
          className="admin-table-wrap"
          tabIndex={0}
          role="region"
          aria-label={t('admin.raffles.entriesTitle')}
        >
          <table className="admin-table" data-testid="raffle-entries">
            <thead>
              <tr>
                <th scope="col">{t('admin.raffles.member')}</th>
                <th scope="col">{t('admin.raffles.email')}</th>
                <th scope="col">{t('admin.raffles.registeredAt')}</th>
                <th scope="col">{t('admin.raffles.state')}</th>
              </tr>
            </thead>
            <tbody>
              {d.results.map((e) => (
                <tr key={e.user}>
                  <td>{e.name || '—'}</td>
                  <td>{e.email ?? '—'}</td>
                  <td>{date(e.registered_at)}</td>
                  <td>
                    {e.winner_rank ? (
                      <StatusPill tone="on">
                        {t('admin.raffles.winner', { rank: e.winner_rank })}
                      </StatusPill>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
