import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { MemberProgram, Program } from '@store/contract/loyalty/programs';
import { useMemberProgram } from '../../../api/get-member-program';
import { usePrograms } from '../api/get-programs';
import { useJoinProgram } from '../api/join-program';
import { useIsLoggedIn } from '../../../lib/session';
import { isHiddenForMembers } from '../../../lib/tenant';
import { useCurrentCompany } from '../../../lib/current-company';
import { Loading } from '../../../components/loading';
import { NotFound } from '../../../components/not-found';
import { ProgramBlocks } from './program-blocks';
import { PromotionsGrid } from './promotions-grid';
import {
  Balances,
  ErrorAlert,
  FetchError,
  isNotFound,
  LevelWidget,
  ProgramNotFound,
  Section,
  useLoyaltyErrors,
} from './parts';
import '../../../styles/programs.css';

function ProgramHero({ program, children }: { program: Program; children?: ReactNode }) {
  return (
    <header className="program-hero">
      {program.image ? <img className="program-hero__image" src={program.image} alt="" /> : null}
      <div className="program-hero__text">
        <p className="program-hero__company">{program.company.name}</p>
        <h1 className="program-hero__title">{program.name}</h1>
        {program.description ? (
          <p className="program-hero__description">{program.description}</p>
        ) : null}
        {children}
      </div>
    </header>
  );
}

/** /program/{uid}: the member's view, or a visitor's (program, levels and a way to log in). */
export function ProgramPage() {
  const { programUid = '' } = useParams();
  const company = useCurrentCompany();
  const loggedIn = useIsLoggedIn();
  if (isHiddenForMembers(company, 'program')) return <NotFound />;
  return loggedIn ? (
    <MemberProgramView key={programUid} programUid={programUid} />
  ) : (
    <VisitorProgramView programUid={programUid} />
  );
}

function VisitorProgramView({ programUid }: { programUid: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  // The member calls need a session; a visitor reads the program from the public list.
  const programs = usePrograms();
  if (programs.isPending) return <Loading />;
  if (programs.isError) return <FetchError onRetry={() => void programs.refetch()} />;
  const program = programs.data.results.find((p) => p.uid === programUid);
  if (!program) return <ProgramNotFound />;
  return (
    <div className="program">
      <ProgramHero program={program} />
      <section className="join-card" aria-labelledby="visitor-title">
        <h2 id="visitor-title">{t('programs.visitorTitle')}</h2>
        <p>{t('programs.visitorText')}</p>
        <div className="join-card__actions">
          <Link className="button button--primary" to="/login" state={{ from: location.pathname }}>
            {t('programs.login')}
          </Link>
          <Link className="button button--ghost" to="/register" state={{ from: location.pathname }}>
            {t('programs.register')}
          </Link>
        </div>
      </section>
      {program.levels.length > 0 ? (
        <Section title={t('programs.levels')}>
          <ol className="level-list">
            {program.levels.map((level) => (
              <li key={level.name}>
                <strong>{level.name}</strong>{' '}
                <span>{t('programs.levelFrom', { count: level.min_points })}</span>
              </li>
            ))}
          </ol>
        </Section>
      ) : null}
    </div>
  );
}

function JoinCard({ program }: { program: MemberProgram }) {
  const { t } = useTranslation();
  const errorsOf = useLoyaltyErrors();
  const join = useJoinProgram(program.uid, {
    onSuccess: (joined) => {
      toast.success(t('programs.joined', { name: joined.name }));
    },
  });
  return (
    <section className="join-card" aria-labelledby="join-title">
      <h2 id="join-title">{t('programs.joinTitle')}</h2>
      <p>{program.open_to_join ? t('programs.joinText') : t('programs.joinClosed')}</p>
      {join.isError ? <ErrorAlert messages={errorsOf(join.error)} /> : null}
      {program.open_to_join ? (
        <div className="join-card__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={join.isPending}
            onClick={() => join.mutate()}
          >
            {join.isPending ? t('programs.joining') : t('programs.join')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function MemberProgramView({ programUid }: { programUid: string }) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const program = useMemberProgram(programUid);
  if (program.isPending) return <Loading />;
  if (program.isError)
    return isNotFound(program.error) ? (
      <ProgramNotFound />
    ) : (
      <FetchError onRetry={() => void program.refetch()} />
    );
  const data = program.data;
  const prefix = company.prefix;
  return (
    <div className="program">
      <ProgramHero program={data}>
        {data.is_member ? (
          <div className="program-hero__actions">
            <Link className="button button--primary button--small" to={`/qr?program=${data.uid}`}>
              {t('programs.myQr')}
            </Link>
            <Link
              className="button button--ghost button--small program-hero__ghost"
              to={`${prefix}/program/${data.uid}/redemptions`}
            >
              {t('programs.myRedemptions')}
            </Link>
          </div>
        ) : null}
      </ProgramHero>
      {data.is_member ? (
        <div className="program-standing">
          <LevelWidget level={data.level} points={data.balances.points} levels={data.levels} />
          <div className="program-standing__side">
            <Balances program={data} />
            {data.order_points_per_sol > 0 ? (
              <p className="program-note">
                {t('programs.orderPoints', { count: data.order_points_per_sol })}
              </p>
            ) : null}
          </div>
        </div>
      ) : (
        <JoinCard program={data} />
      )}
      <ProgramBlocks programUid={data.uid} which="sections" />
      <ProgramBlocks programUid={data.uid} which="ads" />
      <Section title={t('programs.promotions')} id="promociones">
        <PromotionsGrid programUid={data.uid} companyUid={data.company.uid} prefix={prefix} />
      </Section>
    </div>
  );
}
