import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { AdminEvent } from '@store/contract/admin/events';
import { ConfirmInline } from '../../../components/confirm-inline';
import { SelectField, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { NotFound } from '../../../components/not-found';
import { useErrorText } from '../../../lib/error-text';
import { serverFormErrors } from '../../../lib/form-errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Pager } from '../../../components/pager';
import { useEvents } from './api/get-events';
import { useDeleteEvent, usePublishEvent } from './api/save-event';
import { EventEditorPage, type EventPlaces } from './event-editor';
import { EventState, useEventWhen } from './event-parts';
import './events.css';
import { AdminLoadError } from '../shell/admin-load-error';

const PAGE_SIZE = 20;

function Actions({ event }: { event: AdminEvent }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const publish = usePublishEvent();
  const remove = useDeleteEvent();
  const [confirming, setConfirming] = useState(false);
  // The server's reason (a version conflict, another's edit) in the reader's language.
  const failed = (error: unknown) => {
    const [message] = serverFormErrors(error, []).general;
    toast.error(message ? errorText(message) : t('admin.events.saveError'));
  };
  return (
    <div className="admin-events__actions">
      <Link
        className="button button--small"
        to={`/admin/events/${event.uid}`}
        aria-label={`${t('admin.events.edit')}: ${event.name}`}
      >
        {t('admin.events.edit')}
      </Link>
      <button
        type="button"
        className="button button--small"
        disabled={publish.isPending}
        aria-label={`${event.published ? t('admin.events.unpublish') : t('admin.events.publish')}: ${event.name}`}
        onClick={() =>
          publish.mutate(
            { uid: event.uid, published: !event.published, version: event.version },
            {
              onSuccess: (after) =>
                toast.success(
                  after.published ? t('admin.events.nowPublished') : t('admin.events.nowDraft'),
                ),
              onError: failed,
            },
          )
        }
      >
        {event.published ? t('admin.events.unpublish') : t('admin.events.publish')}
      </button>
      {confirming ? (
        <ConfirmInline
          className="admin-events__confirm"
          question={t('admin.events.confirmRemove', { name: event.name })}
          yes={t('admin.events.yesRemove')}
          no={t('admin.events.keep')}
          busy={remove.isPending}
          onYes={() =>
            remove.mutate(
              { uid: event.uid, version: event.version },
              {
                onSuccess: () => toast.success(t('admin.events.removed')),
                onError: (error) => {
                  setConfirming(false);
                  failed(error);
                },
              },
            )
          }
          onNo={() => setConfirming(false)}
        />
      ) : (
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={`${t('admin.events.remove')}: ${event.name}`}
          onClick={() => setConfirming(true)}
        >
          {t('admin.events.remove')}
        </button>
      )}
    </div>
  );
}

/** /admin/events: coming events (soonest first) or past ones (latest first), searchable, paged. */
function EventsList() {
  const { t } = useTranslation();
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(q.trim(), 300);
  const query = useEvents({ page, page_size: PAGE_SIZE, when, ...(search ? { q: search } : {}) });
  const whenText = useEventWhen();
  const d = query.data;
  const pages = d ? Math.max(1, Math.ceil(d.count / PAGE_SIZE)) : 1;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">{t('admin.events.title')}</h1>
        <Link className="button button--primary" to="/admin/events/new">
          {t('admin.events.new')}
        </Link>
      </div>
      <p className="admin-page__note">{t('admin.events.intro')}</p>
      <div className="admin-filters">
        <SelectField
          label={t('admin.events.when')}
          value={when}
          onChange={(e) => {
            setWhen(e.target.value as 'upcoming' | 'past');
            setPage(1);
          }}
          options={[
            { value: 'upcoming', label: t('admin.events.upcoming') },
            { value: 'past', label: t('admin.events.past') },
          ]}
        />
        <TextField
          label={t('admin.events.search')}
          type="search"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      </div>
      <section className="admin-panel" aria-label={t('admin.events.title')}>
        {query.isPending ? (
          <Loading />
        ) : query.isError ? (
          <AdminLoadError onRetry={() => query.refetch()} />
        ) : !d?.results.length ? (
          <p className="admin-empty">
            {search
              ? t('admin.events.noMatch')
              : when === 'past'
                ? t('admin.events.emptyPast')
                : t('admin.events.emptyUpcoming')}
          </p>
        ) : (
          <ul className="admin-events" data-testid="admin-events">
            {d.results.map((e) => (
              <li key={e.uid} className="admin-events__item" data-event={e.name}>
                <div className="admin-events__main">
                  <h2 className="admin-events__name">{e.name}</h2>
                  <p className="admin-events__when">{whenText(e)}</p>
                  <p className="admin-events__where">{e.place?.name ?? e.location}</p>
                  <EventState event={e} />
                </div>
                <Actions event={e} />
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} pages={pages} onPage={setPage} />
      </section>
    </div>
  );
}

/** /admin/events/*: the list, a new event, one event. */
export function EventsPage({ places, company }: { places: EventPlaces; company: string }) {
  return (
    <Routes>
      <Route index element={<EventsList />} />
      <Route
        path="new"
        element={<EventEditorPage uid={null} places={places} company={company} />}
      />
      <Route path=":uid" element={<EventEditorPage places={places} company={company} />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
