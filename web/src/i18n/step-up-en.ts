import type { stepUpEs } from './step-up-es';

/** English texts of the step-up prompt (see step-up-es.ts). */
export const stepUpEn: Record<keyof typeof stepUpEs, string> = {
  title: "Confirm it's you",
  text: "You signed in with your document number only. To see your details and orders, buy, redeem or change anything in your account, confirm it's you.",
  confirm: 'Confirm',
  confirmCode: 'Confirm code',
  or: 'or',
  sendCode: 'Email me a code',
  codeSent: 'We sent a code to {{email}}. It expires in 10 minutes.',
  code: '6-digit code',
  sendAgain: 'Email me another code',
  noWay:
    'Your account has no password or confirmed email yet. Open the link we sent you when you signed up to confirm your email, then try again.',
  notNow: 'Not now',
};
