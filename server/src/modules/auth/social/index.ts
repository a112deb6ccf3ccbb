export { appleVerifier } from './apple';
export { facebookVerifier } from './facebook';
export { googleVerifier } from './google';
export type { SocialIdentity, SocialVerifier } from './types';
