export { MainLayout } from './components/main-layout';
export { LanguageSelector } from './components/language-selector';
