import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LandingSection } from '@store/contract/tenancy/landing';
import { useTenant } from '../../../lib/tenant';
import { welcomeButtonTarget } from '../landing-logic';

type Button = LandingSection['buttons'][number];

/** A landing button: inside the app when its link carries the app's domain, otherwise a new tab. */
export function LandingButton({
  button,
  className = 'button button--primary',
}: {
  button: Button;
  className?: string;
}) {
  const { t } = useTranslation();
  const app = useTenant();
  const target = welcomeButtonTarget(button.link, app);
  if (target.kind === 'internal') {
    return (
      <Link to={target.to} className={className}>
        {button.tittle}
      </Link>
    );
  }
  return (
    <a href={target.href} className={className} target="_blank" rel="noopener noreferrer">
      {button.tittle}
      <span className="visually-hidden"> {t('landing.newTab')}</span>
    </a>
  );
}
