import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../../api/get-me';
import { FormAlert } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { DeletionRequest } from './profile-page';

/**
 * /delete: what deleting the account means and the request for the confirmation mail. The spec's
 * confirm view (the promotions that will be lost, 'Dar de baja mi cuenta') opens from that mail's
 * link, so only the owner of the mailbox can finish it. A limited session (document number alone)
 * is asked to confirm who it is when it sends the request (the API client's step-up prompt).
 */
export function DeleteAccountRequestPage() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <div className="account-page">
      <section className="panel">
        <h1 className="panel__heading">{t('auth.deleteSectionTitle')}</h1>
        <p className="panel__text">{t('auth.deletePageIntro')}</p>
        <ul className="panel__list">
          <li>{t('auth.deletePageBenefits')}</li>
          <li>{t('auth.deletePageOrders')}</li>
          <li>{t('auth.deletePageMail')}</li>
        </ul>
        <Link to="/profile">{t('auth.deletePageBack')}</Link>
      </section>
      {me.isPending ? (
        <Loading />
      ) : me.isError ? (
        <FormAlert messages={[t('auth.fetchFailed')]} />
      ) : (
        <DeletionRequest />
      )}
    </div>
  );
}
