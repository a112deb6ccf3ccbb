import type { ReactNode } from 'react';

type PageMessageProps = {
  title: string;
  text?: string;
  image?: string | null;
  imageAlt?: string;
  icon?: ReactNode;
  children?: ReactNode;
  fullScreen?: boolean;
};

/** A centred message: not found, maintenance, coming soon, empty states. */
export function PageMessage({
  title,
  text,
  image,
  imageAlt = '',
  icon,
  children,
  fullScreen,
}: PageMessageProps) {
  return (
    <section className={fullScreen ? 'page-message page-message--full' : 'page-message'}>
      {image ? <img className="page-message__image" src={image} alt={imageAlt} /> : null}
      {icon ? (
        <div className="page-message__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <h1 className="page-message__title">{title}</h1>
      {text ? <p className="page-message__text">{text}</p> : null}
      {children}
    </section>
  );
}
