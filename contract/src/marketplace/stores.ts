import { z } from 'zod';
import { messagesOf } from '../errors/entry';
import { marketplaceErrors } from '../errors/marketplace';
import { pageQuery } from '../http/paged';
import { requiredText } from '../forms/zod';
import { versionField } from '../admin/schemas';
import { authMessages } from '../auth/messages';
import { formMessages } from '../messages';
import { brandImageUrl } from '../admin/media';

/**
 * Stores that create themselves on a marketplace app (issue 18): a merchant with a verified
 * email names a store, picks a category and its first place's district; the store is a new
 * company of the app, `pending` (public nowhere) until the marketplace owner, the OWNER of the
 * app's main company, approves it. The owner may reject (with a reason, mailed) or suspend it.
 */
export const marketplaceMessages = /* @__PURE__ */ messagesOf('marketplace', marketplaceErrors);

export const storeStatus = z.enum(['pending', 'approved', 'rejected', 'suspended']);
export type StoreStatus = z.infer<typeof storeStatus>;

/** `POST v5/marketplace/stores/`: the sign-up form (signed in, email confirmed). */
export const storeSignupInput = z.object({
  name: requiredText(80),
  /** Required when the app has categories (the service checks it is one of them). */
  category: z.string({ error: formMessages.invalid }).trim().max(64).optional(),
  area: z.string({ error: formMessages.invalid }).trim().min(1, { message: formMessages.invalid }),
  address: requiredText(200),
  accept_terms: z.literal(true, { error: authMessages.acceptTerms }),
  captcha_token: z.string().max(4000).optional(),
});
export type StoreSignupInput = z.infer<typeof storeSignupInput>;

/** What the sign-up page needs: whether the app takes stores, its categories and districts. */
export const storeSignupOptions = z.object({
  categories: z.array(z.object({ uid: z.string(), name: z.string() })),
  areas: z.array(z.object({ uid: z.string(), name: z.string() })),
});
export type StoreSignupOptions = z.infer<typeof storeSignupOptions>;

/**
 * A change of what shoppers see (name, logo, description) asked by an approved or suspended
 * store's owner: only the fields that change, waiting for the marketplace owner (or refused,
 * with the reason). The store keeps showing its approved values meanwhile.
 */
export const storeProfileChange = z.object({
  name: z.string().optional(),
  logo: z.string().nullable().optional(),
  description: z.string().optional(),
  requested_at: z.string(),
  status: z.enum(['pending', 'rejected']),
  reason: z.string().nullable(),
});
export type StoreProfileChange = z.infer<typeof storeProfileChange>;

/** The store as its owner and the marketplace owner see it. */
export const marketplaceStore = z.object({
  uid: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  description: z.string(),
  status: storeStatus,
  status_reason: z.string().nullable(),
  category: z.object({ uid: z.string(), name: z.string() }).nullable(),
  owner: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
  signed_up_at: z.string().nullable(),
  review_requested_at: z.string().nullable(),
  /** What the owner asked to change, not public until approved (null: nothing asked). */
  pending_change: storeProfileChange.nullable(),
  version: z.number().int(),
});
export type MarketplaceStore = z.infer<typeof marketplaceStore>;

/** `GET v5/admin/marketplace/stores/`: by status, by part of the name. */
export const marketplaceStoreQuery = pageQuery.extend({
  status: storeStatus.optional(),
  /** `pending`: only the stores whose change of name, logo or description waits for review. */
  changes: z.enum(['pending']).optional(),
  q: z.string().trim().max(80).optional(),
});
export type MarketplaceStoreQuery = z.infer<typeof marketplaceStoreQuery>;

export const storeDecision = z.enum(['approve', 'reject', 'suspend', 'reactivate']);
export type StoreDecision = z.infer<typeof storeDecision>;

/** `POST v5/admin/marketplace/stores/{uid}/decision/`: reject and suspend need a reason. */
export const storeDecisionInput = z
  .object({
    decision: storeDecision,
    reason: z.string().trim().max(500).optional(),
    version: versionField(),
  })
  .superRefine((value, ctx) => {
    if ((value.decision === 'reject' || value.decision === 'suspend') && !value.reason)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: formMessages.required,
      });
  });
export type StoreDecisionInput = z.infer<typeof storeDecisionInput>;

/** Which status each decision leads from and to. */
export const storeTransitions: Record<StoreDecision, { from: StoreStatus[]; to: StoreStatus }> = {
  approve: { from: ['pending', 'rejected'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  suspend: { from: ['approved'], to: 'suspended' },
  reactivate: { from: ['suspended'], to: 'approved' },
};

/** The onboarding checklist of a new store's back office, each step read from real data. */
export const onboardingStep = z.enum(['logo', 'place', 'product', 'payment', 'review']);
export type OnboardingStep = z.infer<typeof onboardingStep>;

/** `GET v5/admin/onboarding/`: the store's status and its steps (null for tenant-file companies). */
export const storeOnboarding = z.object({
  store: marketplaceStore,
  steps: z.array(z.object({ step: onboardingStep, done: z.boolean() })),
});
export type StoreOnboarding = z.infer<typeof storeOnboarding>;

/**
 * `PATCH v5/admin/onboarding/store/`: the store's own name, logo and description (its owner).
 * Once the store is approved, a change waits for the marketplace owner's review.
 */
export const storeProfileInput = z.object({
  name: requiredText(80).optional(),
  logo: brandImageUrl.optional(),
  description: z.string().trim().max(500).optional(),
  version: versionField(),
});
export type StoreProfileInput = z.infer<typeof storeProfileInput>;

/** `POST v5/admin/onboarding/review/`: the version of the store the owner saw. */
export const storeReviewInput = z.object({ version: versionField() });

/** `POST v5/admin/marketplace/stores/{uid}/change-decision/`: a rejection needs a reason. */
export const storeChangeDecision = z.enum(['approve', 'reject']);
export type StoreChangeDecision = z.infer<typeof storeChangeDecision>;
export const storeChangeDecisionInput = z
  .object({
    decision: storeChangeDecision,
    reason: z.string().trim().max(500).optional(),
    version: versionField(),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'reject' && !value.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: formMessages.required });
  });
export type StoreChangeDecisionInput = z.infer<typeof storeChangeDecisionInput>;

/** Stores whose changes of what shoppers see go to review instead of showing at once. */
export const reviewedStoreStatuses: readonly StoreStatus[] = ['approved', 'suspended'];
