import i18next from 'i18next';
import { adminEs } from './i18n/es';
import { adminEn } from './i18n/en';
import {
  discountsEn,
  discountsEs,
  moneyEn,
  moneyEs,
  paymentsEn,
  paymentsEs,
  receiptsEn,
  receiptsEs,
} from './money/i18n';
import { adminMediaEn, adminMediaEs } from './media/i18n';
import { catalogueImportEn, catalogueImportEs } from './catalogue/import/i18n';
import { catalogueBulkEn, catalogueBulkEs } from './catalogue/bulk/i18n';
import { placesEn, placesEs } from './places/i18n';
import { categoriesEn, categoriesEs, productEn, productEs } from './catalogue/product-i18n';
import { alertsEn, alertsEs, ordersEn, ordersEs, ordersNavEn, ordersNavEs } from './orders/i18n';
import { staffEn, staffEs, staffNavEn, staffNavEs } from './staff/i18n';
import { membersEn, membersEs, membersNavEn, membersNavEs } from './members/i18n';
import { promotionsEn, promotionsEs, promotionsNavEn, promotionsNavEs } from './promotions/i18n';
import { programsEn, programsEs } from './programs/i18n';
import { adsEn, adsEs } from './ads/i18n';
import { lowStockEn, lowStockEs, reportsEn, reportsEs } from './reports/i18n';

import { programsEs as storeProgramsEs } from '../../i18n/loyalty-es';
import { programsEn as storeProgramsEn } from '../../i18n/loyalty-en';

// The promotions preview renders the member's promotion card, which speaks the program texts.
i18next.addResourceBundle('es', 'translation', { programs: storeProgramsEs }, true, true);
i18next.addResourceBundle('en', 'translation', { programs: storeProgramsEn }, true, true);
import { rafflesEn, rafflesEs } from './raffles/i18n';
import { eventsEn, eventsEs } from './events/i18n';
import { pollsEn, pollsEs } from './polls/i18n';
import { landingEn, landingEs } from './landing/i18n';
import { onboardingEn, onboardingEs, storesEn, storesEs } from './stores/i18n';

// The back office's texts travel with its chunk: store-front visitors never download them.
i18next.addResourceBundle(
  'es',
  'translation',
  {
    admin: {
      ...adminEs,
      money: moneyEs,
      payments: paymentsEs,
      discounts: discountsEs,
      receipts: receiptsEs,
      nav: { ...adminEs.nav, receipts: receiptsEs.title },
    },
  },
  true,
  true,
);
i18next.addResourceBundle(
  'en',
  'translation',
  {
    admin: {
      ...adminEn,
      money: moneyEn,
      payments: paymentsEn,
      discounts: discountsEn,
      receipts: receiptsEn,
      nav: { ...adminEn.nav, receipts: receiptsEn.title },
    },
  },
  true,
  true,
);
i18next.addResourceBundle('es', 'translation', { admin: adminMediaEs }, true, true);
i18next.addResourceBundle(
  'es',
  'translation',
  {
    admin: {
      programs: programsEs,
      ads: adsEs,
      reports: reportsEs,
      lowStock: lowStockEs,
      nav: { programs: programsEs.title, ads: adsEs.title, reports: reportsEs.title },
    },
  },
  true,
  true,
);
i18next.addResourceBundle(
  'en',
  'translation',
  {
    admin: {
      programs: programsEn,
      ads: adsEn,
      reports: reportsEn,
      lowStock: lowStockEn,
      nav: { programs: programsEn.title, ads: adsEn.title, reports: reportsEn.title },
    },
  },
  true,
  true,
);
i18next.addResourceBundle('en', 'translation', { admin: adminMediaEn }, true, true);
i18next.addResourceBundle(
  'es',
  'translation',
  {
    admin: {
      catalogueImport: catalogueImportEs,
      catalogueBulk: catalogueBulkEs,
      places: placesEs,
      product: productEs,
      categories: categoriesEs,
      orders: ordersEs,
      alerts: alertsEs,
      staff: staffEs,
      members: membersEs,
      promotions: promotionsEs,
      raffles: rafflesEs,
      events: eventsEs,
      polls: pollsEs,
      nav: {
        ...membersNavEs,
        ...promotionsNavEs,
        ...ordersNavEs,
        ...staffNavEs,
        places: placesEs.title,
        raffles: rafflesEs.title,
        events: eventsEs.title,
        polls: pollsEs.title,
        categories: 'Categorías',
      },
    },
  },
  true,
  true,
);
i18next.addResourceBundle(
  'en',
  'translation',
  {
    admin: {
      catalogueImport: catalogueImportEn,
      catalogueBulk: catalogueBulkEn,
      places: placesEn,
      product: productEn,
      categories: categoriesEn,
      orders: ordersEn,
      alerts: alertsEn,
      staff: staffEn,
      members: membersEn,
      promotions: promotionsEn,
      raffles: rafflesEn,
      events: eventsEn,
      polls: pollsEn,
      nav: {
        ...membersNavEn,
        ...promotionsNavEn,
        ...ordersNavEn,
        ...staffNavEn,
        places: placesEn.title,
        raffles: rafflesEn.title,
        events: eventsEn.title,
        polls: pollsEn.title,
        categories: 'Categories',
      },
    },
  },
  true,
  true,
);

i18next.addResourceBundle(
  'es',
  'translation',
  {
    admin: {
      landing: landingEs,
      stores: storesEs,
      onboarding: onboardingEs,
      nav: { landing: landingEs.title, stores: storesEs.title },
    },
  },
  true,
  true,
);
i18next.addResourceBundle(
  'en',
  'translation',
  {
    admin: {
      landing: landingEn,
      stores: storesEn,
      onboarding: onboardingEn,
      nav: { landing: landingEn.title, stores: storesEn.title },
    },
  },
  true,
  true,
);

export { AdminArea } from './shell/admin-area';
