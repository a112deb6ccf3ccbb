/**
 * The influencer id of /in/{uid}/: an attribution tag the store gives an influencer, carried by
 * registrations and orders as `influencer_uid`. It names no row of ours (influencers are not
 * managed here), so only its shape is checked. Zod-free, so the store front can use it.
 */
export const INFLUENCER_UID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isInfluencerUid(value: string | null | undefined): value is string {
  return typeof value === 'string' && INFLUENCER_UID_PATTERN.test(value);
}
