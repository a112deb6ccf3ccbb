import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminMember } from '@store/contract/admin/members';
import { ApiError } from '../../../api/client';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useFormat } from '../../../lib/format';
import { useMember } from './api/get-member';
import { MemberHistory } from './member-history';
import './members.css';
import { AdminLoadError } from '../shell/admin-load-error';

/** /admin/members/:uid: the member's contact data, balance cards, programs and history. */
export function MemberPage() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const query = useMember(uid);
  const back = (
    <Link className="admin-members__back" to="/admin/members">
      ← {t('admin.members.back')}
    </Link>
  );
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <div className="admin-page">
        {back}
        {query.error instanceof ApiError && query.error.status === 404 ? (
          <PageMessage title={t('admin.members.notFound')} />
        ) : (
          <AdminLoadError onRetry={() => query.refetch()} />
        )}
      </div>
    );
  return <Member member={query.data} back={back} />;
}

function Member({ member: m, back }: { member: AdminMember; back: React.ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const none = t('admin.members.none');
  const name = `${m.first_name} ${m.last_name}`.trim() || m.email || m.uid;
  const documentType = m.document_type
    ? t(`auth.documentTypes.${m.document_type}`, { defaultValue: m.document_type })
    : '';
  const cards: [string, number][] = [
    [t('admin.members.points'), m.balances.points],
    [t('admin.members.coins'), m.balances.coins],
    [t('admin.members.stamps'), m.balances.stamps],
    [t('admin.members.ordersCount'), m.orders_count],
  ];
  return (
    <div className="admin-page">
      {back}
      <div className="admin-page__head">
        <h1 className="admin-page__title" data-testid="admin-member-name">
          {name}
        </h1>
        <p className="admin-members__note">
          {t('admin.members.since')}: {format.instant(m.member_since, { dateStyle: 'long' })}
        </p>
      </div>
      <dl className="admin-cards" data-testid="admin-member-balances">
        {cards.map(([label, value]) => (
          <div key={label} className="admin-card">
            <dt className="admin-card__label">{label}</dt>
            <dd className="admin-card__value">{format.number(value)}</dd>
          </div>
        ))}
      </dl>
      <div className="admin-members__columns">
        <section className="admin-panel" aria-labelledby="admin-member-contact">
          <h2 id="admin-member-contact" className="admin-panel__title">
            {t('admin.members.profile')}
          </h2>
          <dl className="admin-members__facts">
            <dt>{t('admin.members.email')}</dt>
            <dd>
              {m.email ?? none}
              {m.email && !m.email_verified ? ` (${t('admin.members.unverified')})` : ''}
            </dd>
            <dt>{t('admin.members.phone')}</dt>
            <dd>{m.mobile_phone ?? none}</dd>
            <dt>{t('admin.members.document')}</dt>
            <dd>
              {m.document_number
                ? [documentType, m.document_number].filter(Boolean).join(' ')
                : none}
            </dd>
            <dt>{t('admin.members.birthdate')}</dt>
            <dd>{m.birthdate ? format.day(m.birthdate) : none}</dd>
            <dt>{t('admin.members.registered')}</dt>
            <dd>{format.instant(m.registered_at, { dateStyle: 'long' })}</dd>
            <dt>{t('admin.members.publicity')}</dt>
            <dd>{m.accepts_publicity ? t('admin.members.yes') : t('admin.members.no')}</dd>
          </dl>
        </section>
        <section className="admin-panel" aria-labelledby="admin-member-programs">
          <h2 id="admin-member-programs" className="admin-panel__title">
            {t('admin.members.programs')}
          </h2>
          {m.programs.length === 0 ? (
            <p className="admin-empty">{t('admin.members.noPrograms')}</p>
          ) : (
            <ul className="admin-members__programs">
              {m.programs.map((p) => (
                <li key={p.uid}>
                  <p className="admin-members__program-name">
                    {p.name}
                    {p.is_active ? '' : ` (${t('admin.members.inactive')})`}
                  </p>
                  <p className="admin-members__note">
                    {t('admin.members.joined', {
                      date: format.instant(p.joined_at, { dateStyle: 'medium' }),
                    })}
                    {p.points_enabled
                      ? ` · ${t('admin.members.level')}: ${p.level.current?.name ?? t('admin.members.noLevel')}`
                      : ''}
                  </p>
                  <p>
                    {[
                      p.points_enabled
                        ? `${format.number(p.balances.points)} ${t('admin.members.points')}`
                        : '',
                      p.coins_enabled
                        ? `${format.number(p.balances.coins)} ${t('admin.members.coins')}`
                        : '',
                      p.stamps_enabled
                        ? `${format.number(p.balances.stamps)} ${t('admin.members.stamps')}`
                        : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <MemberHistory uid={m.uid} />
    </div>
  );
}
