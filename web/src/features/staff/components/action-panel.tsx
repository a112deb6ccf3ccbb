import { useId, type ReactNode } from 'react';

/** The frame of one thing a cashier does on the client card: a section named by its heading. */
export function ActionPanel({
  title,
  wide = false,
  testId,
  children,
}: {
  title: string;
  /** Lists of promotions and products take the card's full width. */
  wide?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      className={wide ? 'staff-panel staff-panel--wide' : 'staff-panel'}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <h3 id={titleId} className="staff-panel__title">
        {title}
      </h3>
      {children}
    </section>
  );
}
