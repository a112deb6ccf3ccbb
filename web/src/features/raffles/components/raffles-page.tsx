import { Link } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { programRafflesQuery } from '../../../api/get-program-raffles';
import { useCurrentCompany } from '../../../lib/current-company';
import { useCompanyPrograms } from '../../../lib/company-programs';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { mergeRaffles } from '../raffle-logic';
import { RaffleActions, RaffleBadge } from './raffle-actions';
import { useDateFormat } from './use-date-format';
import '../../../styles/engagement.css';

/** /raffles: the raffles of the current company's programs that the member has not dismissed. */
export function RafflesPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const programs = useCompanyPrograms();
  const results = useQueries({
    queries: programs.map((program) => programRafflesQuery(program.uid)),
  });
  const date = useDateFormat();

  const pending = results.some((result) => result.isPending);
  const failed = results.length > 0 && results.every((result) => result.isError);
  const raffles = mergeRaffles(results.map((result) => result.data?.results ?? []));

  return (
    <div className="engagement">
      <h1 className="engagement__title">{t('raffles.title')}</h1>
      {pending ? (
        <Loading />
      ) : failed ? (
        <PageMessage title={t('engagement.fetchError')} />
      ) : raffles.length === 0 ? (
        <PageMessage title={t('raffles.empty')} text={t('raffles.emptyText')} />
      ) : (
        <ul className="engagement__list">
          {raffles.map((raffle) => (
            <li key={raffle.uid} className="engagement-card" data-raffle={raffle.name}>
              {raffle.image ? (
                <img className="engagement-card__image" src={raffle.image} alt="" loading="lazy" />
              ) : null}
              <div className="engagement-card__body">
                <div className="engagement-card__top">
                  <h2 className="engagement-card__title">
                    <Link to={`${company.prefix}/raffles/${raffle.program}/${raffle.uid}`}>
                      {raffle.name}
                    </Link>
                  </h2>
                  <RaffleBadge raffle={raffle} />
                </div>
                <p className="engagement-card__meta">
                  {t('raffles.prize', { prize: raffle.prize })}
                </p>
                {raffle.ends_at ? (
                  <p className="engagement-card__meta">
                    {t('raffles.endsAt', { date: date(raffle.ends_at) })}
                  </p>
                ) : null}
              </div>
              <RaffleActions raffle={raffle} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
