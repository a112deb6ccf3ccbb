import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api';
import { useRaffle } from '../api/get-raffle';
import { useCurrentCompany } from '../../../lib/current-company';
import { Loading } from '../../../components/loading';
import { NotFound } from '../../../components/not-found';
import { PageMessage } from '../../../components/page-message';
import { RaffleActions, RaffleBadge } from './raffle-actions';
import { useDateFormat } from './use-date-format';
import '../../../styles/engagement.css';

/** /raffles/{program}/{raffle}: one raffle; a 404 is the not-found state. */
export function RafflePage() {
  const { t } = useTranslation();
  const { programUid = '', raffleUid = '' } = useParams();
  const company = useCurrentCompany();
  const navigate = useNavigate();
  const raffle = useRaffle(programUid, raffleUid);
  const date = useDateFormat();
  const back = `${company.prefix}/raffles`;

  if (raffle.isPending) return <Loading />;
  if (raffle.isError) {
    return raffle.error instanceof ApiError && raffle.error.status === 404 ? (
      <NotFound />
    ) : (
      <PageMessage title={t('engagement.fetchError')} />
    );
  }
  const r = raffle.data;
  return (
    <article className="engagement engagement--detail" data-raffle={r.name}>
      <Link className="engagement__back" to={back}>
        {t('raffles.back')}
      </Link>
      {r.image ? <img className="engagement-detail__image" src={r.image} alt="" /> : null}
      <div className="engagement-card__top">
        <h1 className="engagement__title">{r.name}</h1>
        <RaffleBadge raffle={r} />
      </div>
      {r.description ? <p className="engagement-detail__text">{r.description}</p> : null}
      <dl className="engagement-detail__facts">
        <dt>{t('raffles.prizeLabel')}</dt>
        <dd>{r.prize}</dd>
        {r.ends_at ? (
          <>
            <dt>{t('raffles.endsLabel')}</dt>
            <dd>{date(r.ends_at)}</dd>
          </>
        ) : null}
        {r.draw_at ? (
          <>
            <dt>{t('raffles.drawLabel')}</dt>
            <dd>{date(r.draw_at)}</dd>
          </>
        ) : null}
        {r.registered_at ? (
          <>
            <dt>{t('raffles.registeredLabel')}</dt>
            <dd>{date(r.registered_at)}</dd>
          </>
        ) : null}
      </dl>
      {r.dismissed ? <p className="engagement-detail__note">{t('raffles.dismissedNote')}</p> : null}
      <RaffleActions raffle={r} onDismissed={() => void navigate(back)} />
    </article>
  );
}
