import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { blockLinkKind } from '../lib/block-link';

/**
 * The frame of a section or ad (the store's banners, a program's tiles and banners) by where its
 * link goes (`blockLinkKind`): the router's link in the app, a plain link to an anchor or to
 * another site (in a new tab), and no link at all when it has none or one not followed.
 */
export function BlockLink({
  link,
  className,
  children,
}: {
  link: string | null;
  className: string;
  children: ReactNode;
}) {
  const kind = blockLinkKind(link);
  if (kind === 'internal') {
    return (
      <Link to={link!} className={className}>
        {children}
      </Link>
    );
  }
  if (kind === 'anchor' || kind === 'external') {
    return (
      <a
        href={link!}
        className={className}
        {...(kind === 'external' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {children}
      </a>
    );
  }
  return <div className={className}>{children}</div>;
}
