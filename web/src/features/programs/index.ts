export { ProgramPage } from './components/program-page';
export { PromotionPage } from './components/promotion-page';
export { RedemptionsPage } from './components/redemptions-page';
export { QrPage } from './components/qr-page';
