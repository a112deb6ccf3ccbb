import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LandingSection } from '@store/contract/tenancy/landing';
import { useTenant } from '../../../lib/tenant';
import { SMALL_MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { SafeHtml } from '../../../components/safe-html';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { useLanding } from '../api/get-landing';
import { activeSections, chatUrl, smallImageContent, visibleCards } from '../landing-logic';
import { Carousel } from './carousel';
import { LandingButton } from './landing-button';
import { ChatIcon } from './landing-icons';

type Card = LandingSection['cards'][number];

function Html({ html, className }: { html: string; className?: string }) {
  return html.trim() ? (
    <SafeHtml html={html} className={className ?? 'rich-text landing-section__text'} />
  ) : null;
}

function SectionTitle({ section }: { section: LandingSection }) {
  return section.tittle ? (
    <h2 id={`section-${section.uid}`} className="landing-section__title">
      {section.tittle}
    </h2>
  ) : null;
}

function LandingCard({ card, withImages }: { card: Card; withImages?: boolean }) {
  const image = withImages ? card.images[0] : undefined;
  return (
    <article
      className={`landing-card${image ? ` landing-card--image-${image.spatial_position.toLowerCase()}` : ''}`}
      style={card.color ? { background: card.color } : undefined}
    >
      {image ? <img className="landing-card__image" src={image.image} alt="" /> : null}
      <div className="landing-card__body">
        <h3 className="landing-card__title">{card.tittle}</h3>
        {card.subtittle ? <p className="landing-card__subtitle">{card.subtittle}</p> : null}
        <Html html={card.content} className="rich-text landing-card__text" />
        {card.buttons.length > 0 ? (
          <div className="landing-buttons">
            {card.buttons.map((button) => (
              <LandingButton key={button.uid} button={button} className="button button--ghost" />
            ))}
          </div>
        ) : null}
      </div>
    </article>
  );
}

function Section({ section, chat }: { section: LandingSection; chat: string | null }) {
  const { t } = useTranslation();
  const labelled = section.tittle ? `section-${section.uid}` : undefined;
  const common = {
    className: `landing-section landing-section--${section.type.toLowerCase()}`,
    'aria-labelledby': labelled,
    'data-section': section.type,
  };
  switch (section.type) {
    case 'WELCOME':
      return (
        <section {...common}>
          <h1 id={labelled} className="landing-welcome__title">
            {section.tittle}
          </h1>
          <Html html={section.content} className="rich-text landing-welcome__text" />
          <div className="landing-buttons">
            {section.buttons.map((button, i) => (
              <LandingButton
                key={button.uid}
                button={button}
                className={i === 0 ? 'button button--primary' : 'button button--ghost'}
              />
            ))}
          </div>
        </section>
      );
    case 'INFORMATIVE':
    case 'CARD':
      return (
        <section {...common}>
          <SectionTitle section={section} />
          <Html html={section.content} />
          <div className="landing-cards">
            {visibleCards(section).map((card) => (
              <LandingCard key={card.uid} card={card} withImages={section.type === 'CARD'} />
            ))}
          </div>
        </section>
      );
    case 'SMALL_IMAGE': {
      const { cards, images } = smallImageContent(section);
      return (
        <section {...common}>
          <SectionTitle section={section} />
          <Html html={section.content} />
          {cards.length > 0 ? (
            <div className="landing-cards">
              {cards.map((card) => (
                <LandingCard key={card.uid} card={card} withImages />
              ))}
            </div>
          ) : (
            <ul className="landing-small-images">
              {images.map((image) => (
                <li key={image.uid}>
                  {image.link ? (
                    <a href={image.link} target="_blank" rel="noopener noreferrer">
                      <img src={image.image} alt="" />
                    </a>
                  ) : (
                    <img src={image.image} alt="" />
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      );
    }
    case 'CAROUSEL':
      return (
        <section {...common}>
          <SectionTitle section={section} />
          <Carousel
            images={section.images.filter((image) => image.is_active)}
            title={section.tittle}
          />
        </section>
      );
    case 'FORM':
      return section.link ? (
        <section {...common}>
          <SectionTitle section={section} />
          <Html html={section.content} />
          <iframe
            className="landing-form"
            src={section.link}
            title={t('landing.formFrame', { title: section.tittle })}
            loading="lazy"
          />
        </section>
      ) : null;
    case 'CONTACT': {
      const href = chat ?? section.link;
      return (
        <section {...common}>
          <SectionTitle section={section} />
          <Html html={section.content} />
          {href ? (
            <a
              className="button button--primary landing-chat"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
            >
              <ChatIcon />
              <span>{t('landing.chat')}</span>
            </a>
          ) : null}
        </section>
      );
    }
    default:
      return null;
  }
}

/** The MODEL_2 landing: a HEADER section for the header, then every other active section in order. */
export function Model2Landing() {
  const { t } = useTranslation();
  const app = useTenant();
  const landing = useLanding(app.uid);

  if (landing.isPending) return <Loading fullScreen />;
  if (landing.isError) {
    return (
      <main>
        <PageMessage fullScreen title={t('landing.invalid')} image={app.logo} imageAlt={app.name} />
      </main>
    );
  }
  return <Model2LandingView sections={landing.data.sections} />;
}

/**
 * The MODEL_2 page itself, from its sections: the store shows the saved ones, the back office's
 * preview the draft being edited. `preview` renders the page's landmarks (header, main, footer)
 * as plain boxes, since the preview sits inside the back office's own page.
 */
export function Model2LandingView({
  sections: all,
  preview = false,
}: {
  sections: LandingSection[];
  preview?: boolean;
}) {
  const { t } = useTranslation();
  const app = useTenant();
  const smallMobile = useMediaQuery(SMALL_MOBILE_QUERY);
  const whatsapp = app.company.whatsapp_number;
  const chat = whatsapp ? chatUrl(whatsapp, null, smallMobile) : null;
  const sections = activeSections(all);
  const header = sections.find((section) => section.type === 'HEADER');
  const headerButton = header?.buttons[0];
  const externalAdmin = app.marketplace ? app.web_settings.external_link : null;
  const Header = preview ? 'div' : 'header';
  const Main = preview ? 'div' : 'main';
  const Footer = preview ? 'div' : 'footer';
  const Nav = preview ? 'div' : 'nav';

  return (
    <div className="landing landing--model2">
      <Header className="landing__header">
        <Link to="/" className="landing__brand" aria-label={t('header.home')}>
          {app.logo ? <img src={app.logo} alt={t('common.logoAlt', { name: app.name })} /> : null}
          {header?.tittle ? <span className="landing__brand-title">{header.tittle}</span> : null}
        </Link>
        <Nav className="landing__actions" aria-label={preview ? undefined : app.name}>
          {chat ? (
            <a
              className="landing__chat"
              href={chat}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('landing.chat')}
            >
              <ChatIcon />
            </a>
          ) : null}
          {headerButton ? (
            <LandingButton button={headerButton} className="button button--primary" />
          ) : null}
          {externalAdmin ? (
            <a
              className="button button--ghost"
              href={externalAdmin}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('landing.login')}
            </a>
          ) : (
            <Link className="button button--ghost" to="/login">
              {t('landing.login')}
            </Link>
          )}
        </Nav>
      </Header>
      <Main id={preview ? undefined : 'main-content'}>
        {sections
          .filter((section) => section.type !== 'HEADER')
          .map((section) => (
            <Section key={section.uid} section={section} chat={chat} />
          ))}
      </Main>
      <Footer className="landing__footer">
        <p className="footer__powered">
          {t('footer.poweredBy', { year: new Date().getFullYear() })}
        </p>
      </Footer>
    </div>
  );
}
