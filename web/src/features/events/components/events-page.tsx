import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCompanyEvents } from '../api/get-company-events';
import { useCurrentCompany } from '../../../lib/current-company';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { compareEvents, eventTimeRange, formatEventDate } from '../event-logic';
import '../../../styles/engagement.css';

/** /events: the current company's events by start date and time. */
export function EventsPage() {
  const { t, i18n } = useTranslation();
  const company = useCurrentCompany();
  const events = useCompanyEvents(company.uid);

  return (
    <div className="engagement">
      <h1 className="engagement__title">{t('events.title')}</h1>
      {events.isPending ? (
        <Loading />
      ) : events.isError ? (
        <PageMessage title={t('engagement.fetchError')} />
      ) : events.data.length === 0 ? (
        <PageMessage title={t('events.empty')} />
      ) : (
        <ul className="engagement__list">
          {[...events.data].sort(compareEvents).map((event) => (
            <li
              key={event.uid}
              className="engagement-card engagement-card--event"
              data-event={event.name}
            >
              <Link className="event-card" to={`${company.prefix}/events/${event.uid}`}>
                <span className="event-card__date" aria-hidden="true">
                  <span className="event-card__day">
                    {formatEventDate(event.start_date, i18n.language, { day: 'numeric' })}
                  </span>
                  <span className="event-card__month">
                    {formatEventDate(event.start_date, i18n.language, { month: 'short' })}
                  </span>
                </span>
                <span className="engagement-card__body">
                  <strong className="engagement-card__title">{event.name}</strong>
                  <span className="engagement-card__meta">
                    {formatEventDate(event.start_date, i18n.language)} ·{' '}
                    {eventTimeRange(event) ?? t('events.allDay')}
                  </span>
                  {event.place || event.location ? (
                    <span className="engagement-card__meta">
                      {event.place?.name ?? event.location}
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
