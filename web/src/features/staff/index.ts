// Spanish messages for zod's own checks, as the contract's root entry sets them.
import '@store/contract/forms/zod-messages';
import i18next from 'i18next';
import { staffEs } from './i18n/es';
import { staffEn } from './i18n/en';
import { skippedDaysEs } from './i18n/skipped-days-es';
import { skippedDaysEn } from './i18n/skipped-days-en';

// The staff texts travel with this chunk: store-front visitors never download them.
i18next.addResourceBundle('es', 'translation', { staff: staffEs }, true, true);
i18next.addResourceBundle('en', 'translation', { staff: staffEn }, true, true);
i18next.addResourceBundle(
  'es',
  'translation',
  { staff: { skippedDays: skippedDaysEs } },
  true,
  true,
);
i18next.addResourceBundle(
  'en',
  'translation',
  { staff: { skippedDays: skippedDaysEn } },
  true,
  true,
);

export { StaffArea } from './components/staff-area';
export { InvitationPage } from './components/invitation-page';
