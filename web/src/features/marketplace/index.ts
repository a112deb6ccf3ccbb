import i18next from 'i18next';
import { marketplaceEn, marketplaceEs } from './i18n';

// The sign-up's texts travel with its chunk: the store front's first page never loads them.
i18next.addResourceBundle('es', 'translation', { marketplace: marketplaceEs }, true, true);
i18next.addResourceBundle('en', 'translation', { marketplace: marketplaceEn }, true, true);

export { CreateStorePage } from './components/create-store-page';
