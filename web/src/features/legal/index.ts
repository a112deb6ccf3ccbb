export { PoliticsPage } from './components/politics-page';
export { TermsPage } from './components/terms-page';
export { FaqsPage } from './components/faqs-page';
