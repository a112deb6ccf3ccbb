// Spanish messages for zod's own checks, as the contract's root entry sets them.
import '@store/contract/forms/zod-messages';

export { ProfilePage } from './components/profile-page';
export { ChangePasswordPage } from './components/change-password-page';
export { DeleteAccountRequestPage } from './components/delete-account-request-page';
