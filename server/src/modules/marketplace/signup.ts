import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import {
  formMessages,
  marketplaceMessages,
  type StoreSignupInput,
  type StoreSignupOptions,
  closedHours,
} from '@store/contract';
import {
  areas,
  auditLog,
  companies,
  companyCategories,
  companyCategoryMembers,
  paymentMethods,
  places,
  staffMembers,
} from '../../db/schema';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import { withDb, type MemberScope } from '../../scope/scope';
import { ofTenant } from '../../scope/tenant-query';
import { checkCaptcha } from '../auth/captcha';
import type { AuthScope } from '../auth/context';
import { issueLink, sendVerificationMail } from '../auth/links';
import { limitByAddress, limitByIdentity } from '../auth/limits';
import { storeOfCompany } from './stores';

/** A store sign-up runs on a marketplace app only; elsewhere the route does not exist. */
function requireMarketplace(scope: Pick<AuthScope, 'app'>): void {
  if (!scope.app.marketplace || !scope.app.mainCompanyUid) throw new NotFoundError();
}

/** `GET v5/marketplace/stores/options/`: the categories and districts the form offers. */
export async function signupOptions(scope: AuthScope): Promise<StoreSignupOptions> {
  requireMarketplace(scope);
  const [categoryRows, areaRows] = await Promise.all([
    scope.db
      .select({ uid: companyCategories.uid, name: companyCategories.name })
      .from(companyCategories)
      .where(ofTenant(scope, companyCategories))
      .orderBy(asc(companyCategories.position), asc(companyCategories.name)),
    scope.db
      .select({ uid: areas.uid, name: areas.name })
      .from(areas)
      .where(ofTenant(scope, areas))
      .orderBy(asc(areas.position), asc(areas.name)),
  ]);
  return { categories: categoryRows, areas: areaRows };
}

/**
 * `POST v5/marketplace/verification-mail/`: the confirmation link again, for a member who
 * registered long ago or lost the first mail. Counted against the sign-up limits.
 */
export async function resendVerification(ctx: AuthScope & MemberScope): Promise<void> {
  requireMarketplace(ctx);
  await limitByAddress(ctx, 'storeSignup');
  // Already confirmed: nothing to send (the page then shows the form).
  if (ctx.user.emailVerifiedAt) return;
  await limitByIdentity(ctx, 'storeSignup', `user:${ctx.user.uid}`);
  await ctx.db.transaction(async (tx) => {
    const token = await issueLink(withDb(ctx, tx), ctx.user.uid, 'verify_email');
    // Asked from the store sign-up: the confirmed merchant goes back to it (issue 36 row 12).
    await sendVerificationMail(ctx, tx, ctx.user, token, '/crear-tienda');
  });
}

const closedTimetable = closedHours();

/**
 * `POST v5/marketplace/stores/`: a merchant's new store. Order of checks: the per-address limit
 * (junk counts too), a confirmed email, the captcha where the app has one, the per-account
 * limit, then the form. One transaction writes the company (`pending`, public nowhere), its
 * category, a first place in the chosen district with no hours yet, its payment methods
 * (switched off until the owner turns one on), the OWNER role and the audit line.
 */
export async function createStore(ctx: AuthScope & MemberScope, input: StoreSignupInput) {
  requireMarketplace(ctx);
  const { app, user } = ctx;
  await limitByAddress(ctx, 'storeSignup');
  if (!user.emailVerifiedAt) throw new ForbiddenError(marketplaceMessages.emailUnverified);
  await checkCaptcha(ctx, input.captcha_token);
  await limitByIdentity(ctx, 'storeSignup', `user:${user.uid}`);

  const errors: Record<string, string[]> = {};
  const categoryRows = await ctx.db
    .select({ uid: companyCategories.uid })
    .from(companyCategories)
    .where(ofTenant(ctx, companyCategories));
  const category = input.category || undefined;
  if (categoryRows.length > 0 && !(category && categoryRows.some((c) => c.uid === category)))
    errors.category = [formMessages.invalid];
  if (categoryRows.length === 0 && category) errors.category = [formMessages.invalid];
  const [area] = isUid(input.area)
    ? await ctx.db
        .select({ uid: areas.uid })
        .from(areas)
        .where(ofTenant(ctx, areas, eq(areas.uid, input.area)))
    : [];
  if (!area) errors.area = [formMessages.invalid];
  if (Object.keys(errors).length) throw new ValidationError(errors);

  const [main] = await ctx.db
    .select()
    .from(companies)
    .where(ofTenant(ctx, companies, eq(companies.uid, app.mainCompanyUid!)));
  if (!main) throw new NotFoundError();

  const companyUid = randomUUID();
  const placeUid = randomUUID();
  const now = ctx.clock();
  try {
    await ctx.db.transaction(async (tx) => {
      // One sign-up at a time per tenant: the name check below and the insert cannot interleave
      // with another merchant's (two "Bodega Rosa" racing would both pass a plain check): each
      // locks the marketplace's main company row first.
      await tx
        .select({ uid: companies.uid })
        .from(companies)
        .where(ofTenant(ctx, companies, eq(companies.uid, main.uid)))
        .for('update');
      const [already] = await tx
        .select({ uid: staffMembers.userUid })
        .from(staffMembers)
        .where(ofTenant(ctx, staffMembers, eq(staffMembers.userUid, user.uid)));
      if (already) throw new ForbiddenError(marketplaceMessages.alreadyStaff);
      const [sameName] = await tx
        .select({ uid: companies.uid })
        .from(companies)
        .where(
          ofTenant(ctx, companies, sql`lower(${companies.name}) = lower(${input.name.trim()})`),
        );
      if (sameName) throw new ValidationError({ name: [marketplaceMessages.nameTaken] });

      await tx.insert(companies).values({
        appId: app.uid,
        uid: companyUid,
        key: `signup-${companyUid}`,
        parentUid: main.uid,
        name: input.name.trim(),
        description: '',
        ecommerceEnabled: true,
        hiddenForMembers: [],
        currencyCode: main.currencyCode,
        currencySymbol: main.currencySymbol,
        status: 'pending',
        signedUpAt: now,
        position: 1000,
      });
      if (category)
        await tx
          .insert(companyCategoryMembers)
          .values({ appId: app.uid, categoryUid: category, companyUid });
      await tx.insert(places).values({
        appId: app.uid,
        uid: placeUid,
        key: `signup-${placeUid}`,
        companyUid,
        areaUid: area.uid,
        name: input.name.trim(),
        address: input.address.trim(),
        timetable: closedTimetable,
      });
      await tx.insert(paymentMethods).values([
        {
          appId: app.uid,
          uid: randomUUID(),
          companyUid,
          key: 'cash',
          type: 'CASH' as const,
          name: 'Efectivo',
          position: 0,
          isActive: false,
        },
        {
          appId: app.uid,
          uid: randomUUID(),
          companyUid,
          key: 'card-on-delivery',
          type: 'CARD_ON_DELIVERY' as const,
          name: 'Tarjeta al recibir',
          position: 1,
          isActive: false,
        },
      ]);
      await tx.insert(staffMembers).values({
        appId: app.uid,
        userUid: user.uid,
        companyUid,
        role: 'OWNER',
        source: 'owner',
      });
      // The store's own audit log starts with its creation, by its owner.
      await tx.insert(auditLog).values({
        appId: app.uid,
        companyUid,
        actorUid: user.uid,
        actorRole: 'OWNER',
        entity: 'store',
        entityUid: companyUid,
        action: 'create',
        before: null,
        after: { name: input.name.trim(), status: 'pending', category: category ?? null },
        createdAt: now,
      });
    });
  } catch (err) {
    // The staff row's key is (app, user): a second sign-up racing the first loses here.
    if ((err as { code?: string }).code === '23505' || /duplicate key/.test(String(err)))
      throw new ForbiddenError(marketplaceMessages.alreadyStaff);
    throw err;
  }
  return storeOfCompany(ctx, companyUid);
}
