import i18next from 'i18next';
import { adminEs } from './i18n/es';
import { adminEn } from './i18n/en';
import { adminMediaEn, adminMediaEs } from './media/i18n';

// The back office's texts travel with its chunk: store-front visitors never download them.
i18next.addResourceBundle('es', 'translation', { admin: adminEs }, true, true);
i18next.addResourceBundle('en', 'translation', { admin: adminEn }, true, true);
i18next.addResourceBundle('es', 'translation', { admin: adminMediaEs }, true, true);
i18next.addResourceBundle('en', 'translation', { admin: adminMediaEn }, true, true);

export { AdminArea } from './shell/admin-area';
