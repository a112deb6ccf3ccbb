import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { AdminEvent } from '@store/contract/admin/events';
import { DEFAULT_PAGE_SIZE } from '@store/contract/http/pages';
import { ConfirmInline } from '../../../components/confirm-inline';
import { SelectField } from '../../../components/form-fields';
import { NotFound } from '../../../components/not-found';
import { useErrorText } from '../../../lib/error-text';
import { serverFormErrors } from '../../../lib/form-errors';
import { useEvents } from './api/get-events';
import { useDeleteEvent, usePublishEvent } from './api/save-event';
import { EventEditorPage, type EventPlaces } from './event-editor';
import { EventState, useEventWhen } from './event-parts';
import './events.css';
import { ListHead, ListPanel, ListSearch, NewRecordLink } from '../shell/resource-list';
import { useListPage } from '../shell/use-list-page';

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
  const list = useListPage();
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  const query = useEvents({
    page: list.page,
    page_size: DEFAULT_PAGE_SIZE,
    when,
    ...list.searchFilter,
  });
  const whenText = useEventWhen();
  return (
    <div className="admin-page">
      <ListHead title={t('admin.events.title')}>
        <NewRecordLink to="/admin/events/new">{t('admin.events.new')}</NewRecordLink>
      </ListHead>
      <p className="admin-page__note">{t('admin.events.intro')}</p>
      <div className="admin-filters">
        <SelectField
          label={t('admin.events.when')}
          value={when}
          onChange={(e) => list.refilter(setWhen)(e.target.value as 'upcoming' | 'past')}
          options={[
            { value: 'upcoming', label: t('admin.events.upcoming') },
            { value: 'past', label: t('admin.events.past') },
          ]}
        />
        <ListSearch label={t('admin.events.search')} value={list.typed} onChange={list.setTyped} />
      </div>
      <ListPanel
        label={t('admin.events.title')}
        query={query}
        page={list.page}
        onPage={list.setPage}
        empty={
          list.search
            ? t('admin.events.noMatch')
            : when === 'past'
              ? t('admin.events.emptyPast')
              : t('admin.events.emptyUpcoming')
        }
      >
        {(rows) => (
          <ul className="admin-events" data-testid="admin-events">
            {rows.map((e) => (
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
      </ListPanel>
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
