import type { ReactNode } from 'react';

export function LegalArticle({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="legal">
      <h1 className="legal__title">{title}</h1>
      {children}
    </article>
  );
}
