import { Link } from 'react-router';
import { useSearchParamsLatest } from '../../../lib/use-search-params';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import { useMemberQr } from '../api/get-member-qr';
import { ApiError } from '../../../api/client';
import { qrRefreshDelay } from '../../../lib/loyalty';
import { useTenant } from '../../../lib/tenant';
import { useCurrentCompany } from '../../../lib/current-company';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { ErrorAlert, useLoyaltyErrors } from './parts';
import { CounterCode } from './counter-code';
import '../../../styles/programs.css';
import { formatInstant } from '../../../lib/format';
import '../../../styles/chip.css';

/**
 * /qr: the member QR of a program (the one named by ?program=, else the current company's
 * first), renewed 30 s before it expires so the code on screen is always valid.
 */
export function QrPage() {
  const { t } = useTranslation();
  const app = useTenant();
  const company = useCurrentCompany();
  const [params, setParams] = useSearchParamsLatest();
  const programs = app.allowed_programs.filter((p) => p.company_uid === company.uid);
  const choices = programs.length > 0 ? programs : app.allowed_programs;
  const wanted = params.get('program');
  const program =
    choices.find((p) => p.uid === wanted) ??
    app.allowed_programs.find((p) => p.uid === wanted) ??
    choices[0];

  if (!program) return <PageMessage title={t('programs.qr.noPrograms')} />;
  return (
    <div className="program qr-page">
      <h1 className="qr-page__title">{t('programs.qr.title')}</h1>
      {choices.length > 1 ? (
        <div
          className="promotions__chips qr-page__programs"
          role="group"
          aria-label={t('programs.qr.program')}
        >
          {choices.map((p) => (
            <button
              key={p.uid}
              type="button"
              className="chip"
              aria-pressed={p.uid === program.uid}
              onClick={() => setParams({ program: p.uid }, { replace: true })}
            >
              {p.name}
            </button>
          ))}
        </div>
      ) : null}
      <MemberQr
        key={program.uid}
        programUid={program.uid}
        programName={program.name}
        programPath={`${company.prefix}/program/${program.uid}`}
      />
      <CounterCode />
    </div>
  );
}

function MemberQr({
  programUid,
  programName,
  programPath,
}: {
  programUid: string;
  programName: string;
  programPath: string;
}) {
  const { t, i18n } = useTranslation();
  const errorsOf = useLoyaltyErrors();
  const qr = useMemberQr(programUid, {
    refetchInterval: (query) =>
      query.state.data ? qrRefreshDelay(query.state.data.expires_at, Date.now()) : false,
  });
  if (qr.isPending) return <Loading />;
  if (qr.isError) {
    // Only members have a QR: a non-member is sent to the program to join.
    const notMember = qr.error instanceof ApiError && qr.error.status === 400;
    return (
      <div className="qr-card">
        <p className="qr-card__program">{programName}</p>
        {notMember ? (
          <p className="form-alert form-alert--info">{t('programs.qr.notMember')}</p>
        ) : (
          <ErrorAlert messages={errorsOf(qr.error)} />
        )}
        {notMember || (qr.error instanceof ApiError && qr.error.status === 404) ? (
          <Link className="button button--primary" to={programPath}>
            {t('programs.qr.goToProgram')}
          </Link>
        ) : (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void qr.refetch()}
          >
            {t('programs.retry')}
          </button>
        )}
      </div>
    );
  }
  const time = formatInstant(qr.data.expires_at, i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <div className="qr-card">
      <p className="qr-card__program">{programName}</p>
      <p className="program-note">{t('programs.qr.text')}</p>
      <figure className="qr-box" data-testid="member-qr" data-expires={qr.data.expires_at}>
        <QRCodeSVG
          value={qr.data.qr}
          size={240}
          marginSize={2}
          title={t('programs.qr.alt', { name: programName })}
        />
      </figure>
      <p className="qr-card__note">
        {t('programs.qr.validUntil', { time })} · {t('programs.qr.renews')}
      </p>
    </div>
  );
}
