import i18next from 'i18next';
import { programsEs } from '../../i18n/loyalty-es';
import { programsEn } from '../../i18n/loyalty-en';

// The program texts travel with this chunk: the store front's first page does not carry them.
i18next.addResourceBundle('es', 'translation', { programs: programsEs }, true, true);
i18next.addResourceBundle('en', 'translation', { programs: programsEn }, true, true);

export { ProgramPage } from './components/program-page';
export { PromotionPage } from './components/promotion-page';
export { RedemptionsPage } from './components/redemptions-page';
export { QrPage } from './components/qr-page';
