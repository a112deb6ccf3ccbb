import i18next from 'i18next';
import { adminEs } from './i18n/es';
import { adminEn } from './i18n/en';
import { moneyEn, moneyEs, paymentsEn, paymentsEs } from './money/i18n';
import { adminMediaEn, adminMediaEs } from './media/i18n';
import { membersEn, membersEs, membersNavEn, membersNavEs } from './members/i18n';

// The back office's texts travel with its chunk: store-front visitors never download them.
i18next.addResourceBundle(
  'es',
  'translation',
  { admin: { ...adminEs, money: moneyEs, payments: paymentsEs } },
  true,
  true,
);
i18next.addResourceBundle(
  'en',
  'translation',
  { admin: { ...adminEn, money: moneyEn, payments: paymentsEn } },
  true,
  true,
);
i18next.addResourceBundle('es', 'translation', { admin: adminMediaEs }, true, true);
i18next.addResourceBundle('en', 'translation', { admin: adminMediaEn }, true, true);
i18next.addResourceBundle(
  'es',
  'translation',
  { admin: { nav: membersNavEs, members: membersEs } },
  true,
  true,
);
i18next.addResourceBundle(
  'en',
  'translation',
  { admin: { nav: membersNavEn, members: membersEn } },
  true,
  true,
);

export { AdminArea } from './shell/admin-area';
