import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { merchantsEs } from '../../../i18n/merchants-es';
import { merchantsEn } from '../../../i18n/merchants-en';
import { useTenant } from '../../../lib/tenant';
import { trackEvent } from '../../../lib/analytics';
import { SMALL_MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useLanding } from '../api/get-landing';
import { activeSections, chatUrl } from '../landing-logic';
import { ChatIcon } from './landing-icons';
import '../../../styles/merchants-landing.css';

// The page's texts travel with its chunk, not with the first page's catalogue. A language
// catalogue is completed when it is there (English loads only when chosen), never created
// early, so the lazy loading of the rest of that catalogue still happens.
const TEXTS: Record<string, Record<string, string>> = { es: merchantsEs, en: merchantsEn };
function addTexts(language: string): void {
  const texts = TEXTS[language];
  if (!texts || !i18next.hasResourceBundle(language, 'translation')) return;
  if (i18next.getResource(language, 'translation', 'merchants')) return;
  i18next.addResourceBundle(language, 'translation', { merchants: texts }, true, true);
}
Object.keys(TEXTS).forEach(addTexts);
i18next.store?.on('added', (language: string) => addTexts(language));

const BENEFITS = ['Catalog', 'Orders', 'Payments', 'Loyalty'] as const;
const STEPS = [1, 2, 3] as const;

/** Analytics events of the spec: register, form and whatsapp clicks. */
export const MERCHANT_EVENTS = {
  register: 'merchants_register_click',
  form: 'merchants_form_click',
  whatsapp: 'merchants_whatsapp_click',
} as const;

/**
 * The merchants marketing landing (landing_page_type MERCHANTS), for municipal marketplaces: it
 * invites local shops to create a free store on the app's external administrator site
 * (`web_settings.external_link`), offers the WhatsApp contact of the app's company (the number
 * is not printed) and embeds the sign-up form of the tenant's first active FORM section.
 */
/** What a frame may ask for: enough for a long form, never a page-swallowing frame. */
const FRAME_HEIGHT = { min: 300, max: 2000 };

/**
 * The height the embedded form asks for: a page cannot measure a cross-origin frame, so a form
 * that wants to fit posts `{type: 'store-frame-height', height}` (the demo's does). Only messages
 * from that frame's own window count; forms that post nothing keep the CSS height.
 */
function useFrameHeight(frame: RefObject<HTMLIFrameElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null) return;
      const { type, height: asked } = data as { type?: unknown; height?: unknown };
      if (type !== 'store-frame-height' || typeof asked !== 'number' || !Number.isFinite(asked))
        return;
      // The asked height is the inside of the frame; its borders come on top (border-box).
      const borders = frame.current.offsetHeight - frame.current.clientHeight;
      setHeight(Math.min(Math.max(Math.ceil(asked), FRAME_HEIGHT.min), FRAME_HEIGHT.max) + borders);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame]);
  return height;
}

export function MerchantsLanding() {
  const { t } = useTranslation();
  const app = useTenant();
  const smallMobile = useMediaQuery(SMALL_MOBILE_QUERY);
  const landing = useLanding(app.uid);
  // A marketplace app runs its own store sign-up (/crear-tienda) and back office (/admin):
  // the external administrator site is only for the apps that still use one.
  const admin = app.marketplace ? null : app.web_settings.external_link;
  const whatsapp = app.company.whatsapp_number;
  const chat = whatsapp ? chatUrl(whatsapp, t('merchants.title'), smallMobile) : null;
  const form = activeSections(landing.data?.sections ?? []).find(
    (section) => section.type === 'FORM' && section.link,
  );

  // A click inside a (cross-origin) frame never reaches the page: the page loses focus to the
  // frame instead, which is the form event.
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const onBlur = () => {
      if (frame.current && document.activeElement === frame.current)
        trackEvent(MERCHANT_EVENTS.form);
    };
    window.addEventListener('blur', onBlur);
    return () => window.removeEventListener('blur', onBlur);
  }, []);
  const frameHeight = useFrameHeight(frame);

  const registerLink = (className: string) =>
    app.marketplace ? (
      <Link
        className={className}
        to="/crear-tienda"
        onClick={() => trackEvent(MERCHANT_EVENTS.register)}
      >
        {t('merchants.createStore')}
      </Link>
    ) : admin ? (
      <a
        className={className}
        href={admin}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => trackEvent(MERCHANT_EVENTS.register)}
      >
        {t('merchants.createStore')}
        <span className="visually-hidden"> {t('merchants.newTab')}</span>
      </a>
    ) : null;
  const chatLink = (className: string) =>
    chat ? (
      <a
        className={className}
        href={chat}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => trackEvent(MERCHANT_EVENTS.whatsapp)}
      >
        <ChatIcon />
        <span>{t('merchants.whatsapp')}</span>
      </a>
    ) : null;

  return (
    <div className="landing landing--merchants">
      <header className="landing__header">
        <Link to="/" className="landing__brand">
          {/* The logo's alt names the link; the title repeats it and hides on small phones. */}
          {app.logo ? <img src={app.logo} alt={app.name} /> : null}
          <span className="landing__brand-title" aria-hidden={app.logo ? true : undefined}>
            {app.name}
          </span>
        </Link>
        <nav className="landing__actions" aria-label={app.name}>
          {admin ? (
            <a
              className="button button--ghost"
              href={admin}
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
        </nav>
      </header>
      <main id="main-content">
        <section className="merchants-hero" aria-labelledby="merchants-title">
          <p className="merchants-hero__kicker">{t('merchants.kicker')}</p>
          <h1 id="merchants-title" className="merchants-hero__title">
            {t('merchants.title')}
          </h1>
          <p className="merchants-hero__lead">{t('merchants.lead', { name: app.name })}</p>
          <div className="merchants-actions">
            {registerLink('button button--primary merchants-button')}
            {chatLink('button button--ghost merchants-button merchants-chat')}
          </div>
        </section>

        <section className="merchants-section" aria-labelledby="merchants-benefits">
          <h2 id="merchants-benefits" className="merchants-section__title">
            {t('merchants.benefitsTitle')}
          </h2>
          <ul className="merchants-benefits">
            {BENEFITS.map((key) => (
              <li key={key} className="merchants-benefit">
                <h3>{t(`merchants.benefit${key}Title`)}</h3>
                <p>{t(`merchants.benefit${key}Text`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="merchants-section" aria-labelledby="merchants-steps">
          <h2 id="merchants-steps" className="merchants-section__title">
            {t('merchants.stepsTitle')}
          </h2>
          <ol className="merchants-steps">
            {STEPS.map((n) => (
              <li key={n} className="merchants-step">
                <span className="merchants-step__number" aria-hidden="true">
                  {n}
                </span>
                <div>
                  <h3>{t(`merchants.step${n}Title`)}</h3>
                  <p>{t(`merchants.step${n}Text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        {form?.link ? (
          <section className="merchants-section" aria-labelledby="merchants-form">
            <h2 id="merchants-form" className="merchants-section__title">
              {form.tittle || t('merchants.formTitle')}
            </h2>
            <p className="merchants-section__text">{t('merchants.formText')}</p>
            <iframe
              ref={frame}
              className="landing-form merchants-form"
              src={form.link}
              title={t('merchants.formFrame')}
              loading="lazy"
              style={frameHeight ? { height: frameHeight } : undefined}
            />
          </section>
        ) : null}

        <section className="merchants-cta" aria-labelledby="merchants-cta">
          <h2 id="merchants-cta">{t('merchants.ctaTitle')}</h2>
          <p>{t('merchants.ctaText')}</p>
          <div className="merchants-actions">
            {registerLink('button button--primary merchants-button')}
            {chatLink('button button--ghost merchants-button merchants-chat')}
          </div>
        </section>
      </main>
      <footer className="landing__footer">
        <p className="footer__powered">
          {t('footer.poweredBy', { year: new Date().getFullYear() })}
        </p>
      </footer>
    </div>
  );
}
