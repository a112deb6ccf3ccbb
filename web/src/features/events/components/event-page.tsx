import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api';
import { useEvent } from '../api/get-event';
import { useCurrentCompany } from '../../../lib/current-company';
import { Loading } from '../../../components/loading';
import { NotFound } from '../../../components/not-found';
import { PageMessage } from '../../../components/page-message';
import { eventTimeRange, formatEventDate, safeEventLink } from '../event-logic';
import '../../../styles/engagement.css';

/** /events/{uid}: one event; unknown ones are not found. */
export function EventPage() {
  const { t, i18n } = useTranslation();
  const { eventUid = '' } = useParams();
  const company = useCurrentCompany();
  const event = useEvent(eventUid);

  if (event.isPending) return <Loading />;
  if (event.isError) {
    return event.error instanceof ApiError && event.error.status === 404 ? (
      <NotFound />
    ) : (
      <PageMessage title={t('engagement.fetchError')} />
    );
  }
  const e = event.data;
  const link = safeEventLink(e.link);
  const lastDay = e.end_date && e.end_date !== e.start_date ? e.end_date : null;
  return (
    <article className="engagement engagement--detail" data-event={e.name}>
      <Link className="engagement__back" to={`${company.prefix}/events`}>
        {t('events.back')}
      </Link>
      {e.image ? <img className="engagement-detail__image" src={e.image} alt="" /> : null}
      <h1 className="engagement__title">{e.name}</h1>
      <dl className="engagement-detail__facts">
        <dt>{t('events.date')}</dt>
        <dd>
          {formatEventDate(e.start_date, i18n.language)}
          {lastDay ? ` – ${formatEventDate(lastDay, i18n.language)}` : ''}
        </dd>
        <dt>{t('events.time')}</dt>
        <dd>{eventTimeRange(e) ?? t('events.allDay')}</dd>
        {e.place ? (
          <>
            <dt>{t('events.place')}</dt>
            <dd>
              {e.place.name}
              {e.place.address ? (
                <span className="engagement-detail__sub">{e.place.address}</span>
              ) : null}
            </dd>
          </>
        ) : null}
        {e.location ? (
          <>
            <dt>{t('events.location')}</dt>
            <dd>{e.location}</dd>
          </>
        ) : null}
      </dl>
      {e.description ? <p className="engagement-detail__text">{e.description}</p> : null}
      {link ? (
        <a className="button button--primary" href={link} target="_blank" rel="noopener noreferrer">
          {t('events.moreInfo')}
        </a>
      ) : null}
    </article>
  );
}
