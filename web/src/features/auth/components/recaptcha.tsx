// The captcha box is shared (the store sign-up of features/marketplace uses it too).
export { Recaptcha, type RecaptchaHandle } from '../../../components/recaptcha';
