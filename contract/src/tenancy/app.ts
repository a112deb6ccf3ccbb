import { z } from 'zod';
import { company } from './company';
import { defaultLandingTexts } from './default-landing';

export const signinMethodType = z.enum([
  'EMAIL',
  'MOBILE_NUMBER',
  'ONLY_DOCUMENT',
  'DOCUMENT',
  'GOOGLE',
  'FACEBOOK',
  'IOS',
]);
export type SigninMethodType = z.infer<typeof signinMethodType>;

export const landingPageType = z.enum(['DEFAULT', 'MODEL_2', 'MERCHANTS']);

export const firebaseSettings = z.object({
  apiKey: z.string(),
  authDomain: z.string(),
  databaseURL: z.string(),
  projectId: z.string(),
  storageBucket: z.string(),
  messagingSenderId: z.string(),
  appId: z.string(),
  measurementId: z.string(),
});
export type FirebaseSettings = z.infer<typeof firebaseSettings>;

export const area = z.object({ uid: z.string(), name: z.string(), country_code: z.string() });

/** The app-settings answer that configures the whole web app for one tenant. */
export const app = z.object({
  uid: z.string(),
  subdomain: z.string(),
  domain: z.string(),
  name: z.string(),
  api_key: z.string(),
  favicon: z.string().nullable(),
  logo: z.string().nullable(),
  company: company,
  landing_page: z.boolean(),
  landing_page_type: landingPageType,
  /** The default landing's texts the tenant wrote (absent ones: the built-in translations). */
  default_landing_texts: defaultLandingTexts,
  empty_page: z.boolean(),
  allow_anonymous_navigation: z.boolean(),
  allow_signup: z.boolean(),
  marketplace: z.boolean(),
  multisite: z.boolean(),
  allowed_programs: z.array(
    z.object({ uid: z.string(), name: z.string(), company_uid: z.string() }),
  ),
  /** Every listed child company in full, so each is a whole store on its /c/{uid}/ routes. */
  allowed_companies: z.array(company.extend({ opens_soon: z.boolean() })),
  signin_methods: z.array(
    z.object({ type: signinMethodType, settings: z.record(z.string(), z.unknown()) }),
  ),
  countries: z.array(z.object({ code: z.string(), name: z.string(), areas: z.array(area) })),
  recaptcha_settings: z.object({ site_key: z.string() }).nullable(),
  web_settings: z.object({ external_link: z.string().nullable() }),
  validate_document: z.boolean(),
  validate_mobile_number: z.boolean(),
  site: z.object({
    faqs: z.string().nullable(),
    privacy_policies: z.string().nullable(),
    terms_and_conditions: z.string().nullable(),
  }),
  firebase_settings: firebaseSettings.partial().nullable(),
  site_firebase_settings: firebaseSettings.partial().nullable(),
  /** Tenant look: what the original kept in remote config. */
  colors: z.object({ main_color: z.string(), menu_color: z.string() }),
  /** Switches that the original hard-coded per tenant name. */
  features: z.object({
    maintenance: z.boolean(),
    events: z.boolean(),
    partner_deletion_prefix: z.string().nullable(),
  }),
});
export type App = z.infer<typeof app>;

/** An app as `GET v7/apps/?domain=` lists it: the same fields. */
export const appList = z.array(app);
