import type { ReactNode } from 'react';

/** One titled part of a checkout form, named for screen readers by its heading. */
export function CheckoutSection({
  id,
  title,
  hidden,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="checkout-section" aria-labelledby={id} hidden={hidden}>
      <h2 id={id} className="checkout-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
