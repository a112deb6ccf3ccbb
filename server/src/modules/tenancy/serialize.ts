import type {
  App,
  Company,
  CompanySummary,
  DefaultLandingTexts,
  LandingSection,
} from '@store/contract';
import { countryByCode, DEFAULT_LANDING_TEXT_KEYS } from '@store/contract';
import type { apps, companies, areas, landingSections } from '../../db/schema';

type AppRow = typeof apps.$inferSelect;
type CompanyRow = typeof companies.$inferSelect;
type AreaRow = typeof areas.$inferSelect;

export function companyToApi(row: CompanyRow, mainCompanyUid: string | null): Company {
  return {
    uid: row.uid,
    name: row.name,
    logo: row.logo,
    logo_rectangle: row.logoRectangle,
    cover: row.cover,
    banner: row.banner,
    description: row.description,
    facebook_page: row.facebookPage,
    instagram_page: row.instagramPage,
    whatsapp_number: row.whatsappNumber,
    ecommerce_enabled: row.ecommerceEnabled,
    subscription_enabled: row.subscriptionEnabled,
    benefit_programs_enabled: row.benefitProgramsEnabled,
    gamification_system: row.gamificationSystem,
    delivery_service: row.deliveryService,
    hidden_for_members: row.hiddenForMembers.map((name) => ({
      name: name as 'cart' | 'store' | 'program',
    })),
    currency: { code: row.currencyCode, symbol: row.currencySymbol },
    is_main: row.uid === mainCompanyUid,
    parent_uid: row.parentUid,
  };
}

/** `open`: whether the company has an active place (see `companiesWithPlaces`). */
export function companySummaryToApi(row: CompanyRow, open: boolean): CompanySummary {
  return {
    uid: row.uid,
    name: row.name,
    logo: row.logo,
    cover: row.cover,
    description: row.description,
    ecommerce_enabled: row.ecommerceEnabled,
    opens_soon: !open,
  };
}

export function appToApi(
  row: AppRow,
  related: {
    mainCompany: CompanyRow;
    allowedCompanies: CompanyRow[];
    /** Uids of the companies with an active place. */
    open: Set<string>;
    areas: AreaRow[];
    programs: App['allowed_programs'];
  },
): App {
  return {
    uid: row.uid,
    subdomain: row.subdomain,
    domain: row.domain,
    name: row.name,
    api_key: row.apiKey,
    favicon: row.favicon,
    logo: row.logo,
    company: companyToApi(related.mainCompany, row.mainCompanyUid),
    landing_page: row.landingPage,
    landing_page_type: row.landingPageType as App['landing_page_type'],
    default_landing_texts: defaultLandingTextsOf(row.defaultLandingTexts),
    empty_page: row.emptyPage,
    allow_anonymous_navigation: row.allowAnonymousNavigation,
    allow_signup: row.allowSignup,
    marketplace: row.marketplace,
    multisite: row.multisite,
    // Benefit programs arrive with the loyalty area; until then an app allows none.
    allowed_programs: related.programs,
    allowed_companies: related.allowedCompanies.map((child) => ({
      ...companyToApi(child, row.mainCompanyUid),
      opens_soon: !related.open.has(child.uid),
    })),
    signin_methods: row.signinMethods as App['signin_methods'],
    countries: row.countries.map((code) => ({
      code,
      name: countryByCode(code)?.name_es ?? code,
      areas: related.areas
        .filter((a) => a.countryCode === code)
        .map((a) => ({ uid: a.uid, name: a.name, country_code: a.countryCode })),
    })),
    recaptcha_settings: row.recaptchaSiteKey ? { site_key: row.recaptchaSiteKey } : null,
    web_settings: { external_link: row.externalLink },
    validate_document: row.validateDocument,
    validate_mobile_number: row.validateMobileNumber,
    site: row.site,
    firebase_settings: row.firebaseSettings,
    site_firebase_settings: row.siteFirebaseSettings,
    colors: { main_color: row.mainColor, menu_color: row.menuColor },
    features: {
      maintenance: row.maintenance,
      events: row.eventsEnabled,
      partner_deletion_prefix: row.partnerDeletionPrefix,
    },
  };
}

/** The default landing's texts the tenant wrote: known keys with text only (absent: built-in). */
export function defaultLandingTextsOf(stored: Record<string, unknown>): DefaultLandingTexts {
  const texts: DefaultLandingTexts = {};
  for (const key of DEFAULT_LANDING_TEXT_KEYS) {
    const value = stored[key];
    if (typeof value === 'string' && value !== '') texts[key] = value;
  }
  return texts;
}

export function landingSectionToApi(row: typeof landingSections.$inferSelect): LandingSection {
  return {
    uid: row.uid,
    type: row.type as LandingSection['type'],
    is_active: row.isActive,
    tittle: row.tittle,
    content: row.content,
    link: row.link,
    buttons: row.buttons,
    cards: row.cards as LandingSection['cards'],
    images: row.images as LandingSection['images'],
  };
}
