import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Place } from '@store/contract/catalog/places';
import type { DefaultLandingTexts } from '@store/contract/tenancy/default-landing';
import { usePlaceProducts } from '../../../api/get-place-products';
import { usePlaces } from '../../../api/get-places';
import { useTenant } from '../../../lib/tenant';
import { useIsLoggedIn } from '../../../lib/session';
import { useFormatPrice } from '../../../lib/money';
import { Loading } from '../../../components/loading';
import { WhenVisible } from '../../../components/when-visible';
import { ContactForm } from './contact-form';
import { FacebookIcon, InstagramIcon } from './landing-icons';

const FAVORITES = 8;

// Leaflet loads only when a landing shows places, never with the store front.
const PlacesMap = lazy(() => import('./places-map').then((m) => ({ default: m.PlacesMap })));

function Timetable({ place }: { place: Place }) {
  const { t } = useTranslation();
  const rows = [
    { label: t('landing.weekdays'), hours: place.timetable.monday },
    { label: t('landing.saturday'), hours: place.timetable.saturday },
    { label: t('landing.sunday'), hours: place.timetable.sunday },
  ];
  // The note is outside the list: a <dl> holds only its term/description groups.
  return (
    <>
      <dl className="landing-hours">
        {rows.map((row) => (
          <div key={row.label} className="landing-hours__row">
            <dt>{row.label}</dt>
            <dd>
              {row.hours
                ? t('landing.hours', { from: row.hours.from, to: row.hours.to })
                : t('landing.closed')}
            </dd>
          </div>
        ))}
      </dl>
      {place.timetable.extra_note ? (
        <p className="landing-hours__note">{place.timetable.extra_note}</p>
      ) : null}
      {place.orders_paused ? (
        <p className="landing-hours__note" data-testid="place-orders-paused">
          {t('landing.ordersPaused')}
        </p>
      ) : null}
    </>
  );
}

/** 'Nuestros productos favoritos': the first products of the first place, with their real prices. */
function Favorites({ placeUid, title, more }: { placeUid: string; title: string; more: string }) {
  const formatPrice = useFormatPrice();
  const products = usePlaceProducts(placeUid, {});
  const items = (products.data?.pages[0]?.results ?? [])
    .filter((product) => !product.is_redeemable)
    .slice(0, FAVORITES);
  if (items.length === 0) return null;
  return (
    <section className="landing-block" aria-labelledby="landing-favorites">
      <h2 id="landing-favorites" className="landing-block__title">
        {title}
      </h2>
      <ul className="landing-products">
        {items.map((product) => (
          <li key={product.uid} className="landing-product">
            {product.image ? (
              <img className="landing-product__image" src={product.image} alt="" loading="lazy" />
            ) : (
              <span className="landing-product__image" aria-hidden="true" />
            )}
            <h3 className="landing-product__title">{product.title}</h3>
            {product.short_description ? (
              <p className="landing-product__text">{product.short_description}</p>
            ) : null}
            <p className="landing-product__price">{formatPrice(product.unit_price)}</p>
          </li>
        ))}
      </ul>
      <p className="landing-block__more">
        <Link to="/products" className="button button--ghost">
          {more}
        </Link>
      </p>
    </section>
  );
}

/**
 * The default landing: social links, banner, favourite products, places and hours, about, contact.
 * `preview` (the back office's preview) renders its landmarks as plain boxes; `texts` (the
 * editor's draft) stand in for the store's own texts.
 */
export function DefaultLanding({
  preview = false,
  texts: draftTexts,
}: {
  preview?: boolean;
  texts?: DefaultLandingTexts;
}) {
  const { t } = useTranslation();
  const app = useTenant();
  // The tenant's own words where it wrote them (plain text, rendered as text), else the built-in
  // translation in the visitor's language.
  const texts = draftTexts ?? app.default_landing_texts ?? {};
  const own = (key: keyof DefaultLandingTexts, builtIn: string) => texts[key] || builtIn;
  const orderHere = own('order_here', t('landing.orderHere'));
  const loggedIn = useIsLoggedIn();
  const company = app.company;
  const cover = company.cover ?? company.banner;
  // A private store's places and products are for members: its visitors' landing leaves them out
  // (the API would answer them 401).
  const storeVisible = app.allow_anonymous_navigation || loggedIn;
  const places = usePlaces(company.uid, null, { enabled: storeVisible });
  const placeList = places.data ?? [];
  const logo = company.logo ?? app.logo;
  // Below the banner nothing shows until the places and the favourites (the same query as
  // <Favorites>, asked once) have answered: later content is then added under what the visitor
  // sees instead of pushing it down (Lighthouse measured a layout shift of 0.6 on phones).
  const firstPlace = placeList[0]?.uid;
  const favorites = usePlaceProducts(firstPlace ?? '', {}, { enabled: Boolean(firstPlace) });
  const settled = !storeVisible || (!places.isPending && (!firstPlace || !favorites.isPending));
  const Header = preview ? 'div' : 'header';
  const Main = preview ? 'div' : 'main';
  const Footer = preview ? 'div' : 'footer';
  const socialLinks = [
    { href: company.facebook_page, label: 'landing.facebook', Icon: FacebookIcon },
    { href: company.instagram_page, label: 'landing.instagram', Icon: InstagramIcon },
  ] as const;

  return (
    <div className="landing landing--default">
      <Header className="landing__header">
        <ul className="landing__social" aria-label={t('landing.social')}>
          {socialLinks.map(({ href, label, Icon }) =>
            href ? (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t(label, { name: company.name })}
                >
                  <Icon />
                </a>
              </li>
            ) : null,
          )}
        </ul>
        <Link
          to="/"
          className="landing__brand landing__brand--center"
          aria-label={t('header.home')}
        >
          {app.logo ? (
            <img src={app.logo} alt={t('common.logoAlt', { name: app.name })} />
          ) : (
            <span>{app.name}</span>
          )}
        </Link>
        <div className="landing__actions">
          {/* Signed-out visitors find the way in here (issue 36 row 11). The server renders the
              anonymous page and useIsLoggedIn's first client render is signed out too, so the
              hydrated page matches; a signed-in visitor's links go away right after. */}
          {!loggedIn && !preview ? (
            <p className="landing__account" data-testid="landing-account">
              <Link to="/login">{t('landing.login')}</Link>
              {app.allow_signup ? (
                <>
                  <span aria-hidden="true"> / </span>
                  <Link to="/register">{t('landing.register')}</Link>
                </>
              ) : null}
            </p>
          ) : null}
          <Link to="/products" className="button button--primary">
            {orderHere}
          </Link>
        </div>
      </Header>
      {/* While the places load the footer waits below the fold, so it does not jump (CLS). */}
      <Main
        id={preview ? undefined : 'main-content'}
        className={settled ? undefined : 'landing__main--loading'}
      >
        <section className="banner">
          {cover ? <img className="banner__image" src={cover} alt="" /> : null}
          <div className="banner__content">
            <p className="banner__eyebrow">
              {own('welcome', t('landing.welcome', { name: company.name }))}
            </p>
            <h1 className="banner__title">{company.name}</h1>
            <Link to="/products" className="button button--light">
              {orderHere}
            </Link>
          </div>
        </section>

        {!settled ? <Loading /> : null}
        {settled && firstPlace ? (
          <Favorites
            placeUid={firstPlace}
            title={own('favorites', t('landing.favorites'))}
            more={own('more_products', t('landing.moreProducts'))}
          />
        ) : null}

        {settled ? (
          <>
            {storeVisible ? (
              <section className="landing-block" aria-labelledby="landing-places">
                <h2 id="landing-places" className="landing-block__title">
                  {own('places', t('landing.places'))}
                </h2>
                {places.isPending ? null : placeList.length === 0 ? (
                  <p className="landing-block__empty">{t('landing.noPlaces')}</p>
                ) : (
                  <>
                    {/* Leaflet loads when the map is about to be seen, not with the page. */}
                    <WhenVisible placeholder={<div className="places-map places-map--loading" />}>
                      <Suspense fallback={<div className="places-map places-map--loading" />}>
                        <PlacesMap
                          places={placeList}
                          label={t('landing.placesMap')}
                          color={app.colors.main_color}
                        />
                      </Suspense>
                    </WhenVisible>
                    <ul className="landing-places">
                      {placeList.map((place) => (
                        <li key={place.uid} className="landing-place">
                          <h3 className="landing-place__name">{place.name}</h3>
                          <p className="landing-place__address">{place.address}</p>
                          {place.telephone1 ? (
                            <p className="landing-place__phone">
                              <a href={`tel:${place.telephone1.replace(/\s/g, '')}`}>
                                {place.telephone1}
                              </a>
                            </p>
                          ) : null}
                          <Timetable place={place} />
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </section>
            ) : null}

            <section className="landing-block landing-about" aria-labelledby="landing-about">
              {logo ? (
                <img
                  className="landing-about__logo"
                  src={logo}
                  alt={t('common.logoAlt', { name: company.name })}
                />
              ) : null}
              <div>
                <h2 id="landing-about" className="landing-block__title">
                  {own('about', t('landing.about'))}
                </h2>
                {company.description ? (
                  <p className="landing-about__text">{company.description}</p>
                ) : null}
              </div>
            </section>

            {company.whatsapp_number ? (
              <section
                className="landing-block landing-contact-block"
                aria-labelledby="landing-contact"
              >
                <div>
                  <h2 id="landing-contact" className="landing-block__title">
                    {own('contact', t('landing.contact'))}
                  </h2>
                  <p className="landing-block__lead">
                    {own('contact_text', t('landing.contactText'))}
                  </p>
                </div>
                <ContactForm companyName={company.name} whatsapp={company.whatsapp_number} />
              </section>
            ) : null}
          </>
        ) : null}
      </Main>
      <Footer className="landing__footer">
        <p className="footer__powered">
          {t('footer.poweredBy', { year: new Date().getFullYear() })}
        </p>
      </Footer>
    </div>
  );
}
