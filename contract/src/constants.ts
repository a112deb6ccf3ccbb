/** Constants both sides agree on; the spec's numbers, named. */
export const STORAGE_VERSION = '1.0.0';
export const DEFAULT_LANGUAGE = 'es';
export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_CURRENCY_SYMBOL = 'S/';
export const DEFAULT_DIAL_CODE = '+51';
export const DEFAULT_MAIN_COLOR = '#1b4bc6';
export const DEFAULT_MENU_COLOR = '#ffffff';
export const TOAST_CLOSE_MS = 5000;
export const MINIMUM_AGE = 18;
/** Identity documents a member may sign in and register with (profile/user.ts `documentType`). */
export const DOCUMENT_TYPES = [
  'NATIONAL_ID',
  'PASSPORT',
  'FOREIGNER_ID',
  'TAX_ID',
  'OTHER',
] as const;
export const DEFAULT_DOCUMENT_TYPE: (typeof DOCUMENT_TYPES)[number] = 'NATIONAL_ID';

/** Local storage keys, exactly those of the spec. */
export const storageKeys = {
  apiKey: 'apiKey',
  token: 'token',
  merge: 'merge',
  skipUpdate: 'skipUpdate',
  selectedPlaceUid: 'selectedPlaceUid',
  selectedAreaUid: 'selectedAreaUid',
  redirectLanding: 'redirectLanding',
  typeCart: 'typeCart',
  skipBuyService: 'skipBuyService',
  itemExchange: 'ItemExchange',
  sectionSearchProduct: 'sectionSearchProduct',
  lang: 'lang',
  version: 'version',
  cookieConsent: 'cookieConsent',
  cookieGa: 'cookie_ga',
  cookieGuid: 'cookie_guid',
  mainColor: 'colors_main_color',
  menuColor: 'colors_menu_color',
  landingName: 'landingName',
  landingEmail: 'landingEmail',
  landingMessage: 'landingMessage',
  /** Not in the spec's list: the influencer of /in/{uid}/ (see docs/decisions.md). */
  influencerId: 'influencerId',
  cart: (placeUid: string) => `cart${placeUid}`,
  cartSubscription: (placeUid: string) => `cartSubscription${placeUid}`,
  infoSubscriptionOptions: (placeUid: string) => `infoSubscriptionOptions${placeUid}`,
} as const;
