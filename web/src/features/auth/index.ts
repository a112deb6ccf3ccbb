// Spanish messages for zod's own checks, as the contract's root entry sets them.
import '@store/contract/forms/zod-messages';

export { RegisterPage } from './components/register-page';
export { RecoveryPasswordPage } from './components/recovery-page';
export { ResetPasswordPage } from './components/reset-password-page';
export { VerificationEmailPage } from './components/verification-email-page';
export { CompleteInfoPage } from './components/complete-info-page';
export { DeleteAccountPage } from './components/delete-account-page';
