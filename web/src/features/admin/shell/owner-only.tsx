import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminMe } from '@store/contract/admin/schemas';
import { PageMessage } from '../../../components/page-message';
import { useTenant } from '../../../lib/tenant';

/** The screens someone of the back office may be refused, each with its own sentence. */
export type RefusedScreen = 'staff' | 'money' | 'loyalty' | 'settings' | 'branding' | 'landing';

/**
 * A back-office screen that exists but is not this user's (issue 36 row 9): a manager on an
 * owner's screen, a marketplace store's owner on the site's branding. It says who may, instead
 * of the "page not found" a missing route would show.
 */
export function OwnerOnly({ screen, me }: { screen: RefusedScreen; me: AdminMe }) {
  const { t } = useTranslation();
  const app = useTenant();
  const title = t(`admin.refusal.${screen}`, { app: app.name });
  const text =
    screen === 'branding' || screen === 'landing'
      ? t('admin.refusal.siteText', { app: app.name })
      : t('admin.refusal.roleText', { role: t(`admin.role_${me.role}`).toLowerCase() });
  return (
    <div className="admin-page" data-testid="admin-refusal">
      <PageMessage title={title} text={text}>
        <Link className="button button--primary" to="/admin">
          {t('admin.refusal.back')}
        </Link>
      </PageMessage>
    </div>
  );
}
