import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  AdminRaffle,
  AdminRaffleEntry,
  AdminRaffleVerification,
} from '@store/contract/admin/raffles';
import { DEFAULT_PAGE_SIZE } from '@store/contract/http/pages';
import { ApiError } from '../../../api';
import { FormAlert } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { useErrorText } from '../../../lib/error-text';
import { saveFile } from '../../../lib/save-file';
import { useRaffleDraw, useRaffleEntries, verifyRaffleDraw } from './api/get-raffle';
import { useDrawRaffle } from './api/save-raffle';
import { useStoreDate } from './raffle-state';
import { AdminLoadError } from '../shell/admin-load-error';
import { ListPager, ListSearch, ListStates } from '../shell/resource-list';
import { ListTable, type ListColumn } from '../shell/list-table';
import { useListPage } from '../shell/use-list-page';
import { StatusPill } from '../shell/status-pill';

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
  const list = useListPage();
  const query = useRaffleEntries(raffle.uid, {
    page: list.page,
    page_size: DEFAULT_PAGE_SIZE,
    ...list.searchFilter,
  });
  const columns: ListColumn<AdminRaffleEntry>[] = [
    { title: t('admin.raffles.member'), cell: (e) => e.name || '—' },
    { title: t('admin.raffles.email'), cell: (e) => e.email ?? '—' },
    { title: t('admin.raffles.registeredAt'), cell: (e) => date(e.registered_at) },
    {
      title: t('admin.raffles.state'),
      cell: (e) =>
        e.winner_rank ? (
          <StatusPill tone="on">{t('admin.raffles.winner', { rank: e.winner_rank })}</StatusPill>
        ) : null,
    },
  ];
  return (
    <section className="admin-panel" aria-labelledby="raffle-entries-title">
      <div className="admin-page__head">
        <h2 id="raffle-entries-title" className="admin-panel__title">
          {t('admin.raffles.entriesTitle')} ({raffle.entries})
        </h2>
        <ListSearch
          label={t('admin.raffles.entriesSearch')}
          value={list.typed}
          onChange={list.setTyped}
        />
      </div>
      <ListStates query={query} empty={t('admin.raffles.noEntries')}>
        {(rows) => (
          <ListTable
            testId="raffle-entries"
            scrollLabel={t('admin.raffles.entriesTitle')}
            columns={columns}
            rows={rows}
            rowKey={(e) => e.user}
          />
        )}
      </ListStates>
      <ListPager query={query} page={list.page} onPage={list.setPage} />
    </section>
  );
}
