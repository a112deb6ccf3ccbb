import type { ReactNode } from 'react';
import { StandaloneCard } from '../../../components/standalone-card';

/** The standalone card of the accounts screens: tenant logo, title, optional intro, the form. */
export function AuthCard({
  title,
  text,
  children,
  wide = false,
}: {
  title: string;
  text?: string;
  children?: ReactNode;
  wide?: boolean;
}) {
  return (
    <StandaloneCard
      title={title}
      text={text}
      className={`auth-card${wide ? ' auth-card--wide' : ''}`}
    >
      {children}
    </StandaloneCard>
  );
}
