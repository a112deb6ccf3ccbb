import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '@store/contract/messages';
import { staffMessages } from '@store/contract/staff/messages';
import { useMe } from '../../../api/get-me';
import { ApiError } from '../../../api/client';
import { serverFormErrors } from '../../../lib/form-errors';
import { useIsLoggedIn } from '../../../lib/session';
import { FormAlert } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationOffer } from '../api/get-invitation-offer';
import { useErrorText } from '../../../lib/error-text';
import '../staff.css';

/**
 * /staff/invitation/{uid}/{token}: the mailed invitation. Anyone with the link sees the offer;
 * accepting needs a session with the invited email (the server checks it too), so a visitor
 * signs in or registers with that address first and comes back.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const stm = useErrorText();
  const { uid = '', token = '' } = useParams();
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  const offer = useInvitationOffer(uid, token);
  const me = useMe({ enabled: loggedIn });
  const accept = useAcceptInvitation();

  if (offer.isPending || (loggedIn && me.isPending)) return <Loading />;
  if (offer.isError) {
    const gone = offer.error instanceof ApiError && offer.error.status === 404;
    return (
      <PageMessage
        title={t('staff.invitationTitle')}
        text={stm(gone ? staffMessages.invitationNotFound : errorMessages.fetchFailed)}
      >
        <Link className="button button--primary" to="/">
          {t('common.backHome')}
        </Link>
      </PageMessage>
    );
  }
  const o = offer.data;
  if (accept.isSuccess)
    return (
      <PageMessage title={t('staff.invitationAccepted', { company: o.company.name })}>
        <Link className="button button--primary" to="/staff" data-testid="invitation-go">
          {t('staff.invitationGoToStaff')}
        </Link>
      </PageMessage>
    );
  const current = loggedIn ? (me.data?.email ?? '') : null;
  const errors = accept.isError
    ? (() => {
        const parsed = serverFormErrors(accept.error, []);
        return [...parsed.general, ...Object.values(parsed.fields)].map(stm);
      })()
    : [];
  return (
    <div className="staff-page staff-invitation" data-testid="staff-invitation">
      <section className="staff-panel">
        <h1 className="staff-panel__title">{t('staff.invitationTitle')}</h1>
        <p>
          {t('staff.invitationText', {
            company: o.company.name,
            role: t(`staff.role_${o.role}`),
            email: o.email,
          })}
        </p>
        {o.places.length ? (
          <p className="staff-muted">
            {t('staff.invitationPlaces', { places: o.places.map((p) => p.name).join(', ') })}
          </p>
        ) : null}
        {current === null ? (
          <>
            <p>{t('staff.invitationLogin', { email: o.email })}</p>
            <div className="staff-form__buttons">
              <Link
                className="button button--primary"
                to="/login"
                state={{ from: location.pathname }}
              >
                {t('staff.invitationSignIn')}
              </Link>
              <Link
                className="button button--ghost"
                to="/register"
                state={{ from: location.pathname }}
              >
                {t('staff.invitationRegister')}
              </Link>
            </div>
          </>
        ) : current.toLowerCase() !== o.email ? (
          <FormAlert messages={[t('staff.invitationOtherAccount', { current, email: o.email })]} />
        ) : (
          <>
            <FormAlert messages={errors} />
            <button
              type="button"
              className="button button--primary"
              disabled={accept.isPending}
              onClick={() => accept.mutate({ uid, token })}
            >
              {accept.isPending ? t('staff.saving') : t('staff.invitationAccept')}
            </button>
          </>
        )}
      </section>
    </div>
  );
}
