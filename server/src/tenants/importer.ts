import { randomBytes, createHash } from 'node:crypto';
import { eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import {
  apps,
  areas,
  companies,
  companyAds,
  companyCategories,
  companyCategoryMembers,
  landingSections,
  places,
  tenantImports,
} from '../db/schema';
import { openingHoursOf } from '@store/contract';
import { tenantUid } from '../lib/uid';
import { tenantFile, type TenantFile } from './file-schema';
import { importCatalog } from './import-catalog';
import { importCheckout } from './import-checkout';
import { importEvents, importPrograms } from './import-programs';
import { hashTenantUsers, importUsers } from './import-users';
import { importStaff } from './import-staff';
import { ofTenant, tenantRef } from '../scope/tenant-query';
import { unlistedRows, upsertByUid, upsertVersionedByUid } from './import-rows';

export class TenantFileError extends Error {
  constructor(readonly problems: { path: string; message: string }[]) {
    super(
      `The tenant file is not valid:\n${problems.map((p) => `  ${p.path || '(file)'}: ${p.message}`).join('\n')}`,
    );
  }
}

/** Validates a parsed tenant file, answering every wrong field with its path. */
export function parseTenantFile(input: unknown): TenantFile {
  const result = tenantFile.safeParse(input);
  if (!result.success) {
    throw new TenantFileError(
      result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  return result.data;
}

export function hashSource(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** `warnings`: what the file asked that was not done (e.g. a staff role for an unverified account). */
export type ImportResult = {
  appUid: string;
  domain: string;
  created: boolean;
  warnings: string[];
};

/**
 * Creates or updates one tenant from its file, all in one transaction: a file
 * that fails half way leaves the database as it was. Rows that are pure
 * configuration (landing sections, ads, category memberships) follow the file
 * exactly; rows other data may point at (companies, places, areas) are
 * upserted and never deleted by an import.
 */
export async function importTenant(
  db: Database,
  input: unknown,
  sourceHash?: string,
): Promise<ImportResult> {
  const file = parseTenantFile(input);
  const userHashes = await hashTenantUsers(file.users);
  return db.transaction(async (tx) => {
    const appUid = tenantUid('app', file.app.key);
    const uidOf = (kind: string, key: string) => tenantUid(file.app.key, kind, key);
    const [existing] = await tx
      .select({ apiKey: apps.apiKey })
      .from(apps)
      .where(eq(apps.uid, appUid));
    const appValues = appRow(
      file,
      appUid,
      existing?.apiKey ?? file.app.api_key ?? randomBytes(24).toString('base64url'),
    );
    await tx
      .insert(apps)
      .values(appValues)
      .onConflictDoUpdate({
        target: apps.uid,
        // The file rewrites the landing: an editor open on the old one must reload (409).
        set: {
          ...appValues,
          landingVersion: sql`${apps.landingVersion} + 1`,
          updatedAt: new Date(),
        },
      });

    await importCompanies(tx, file, appUid, uidOf);
    await importCategories(tx, file, appUid, uidOf);
    await importAreasAndPlaces(tx, file, appUid, uidOf);
    await importLanding(tx, file, appUid, uidOf);
    await importCheckout(tx, file, appUid, uidOf);
    await importCatalog(tx, file.catalog, appUid, uidOf);
    await importUsers(tx, file.users, userHashes, appUid, uidOf);
    const warnings = await importStaff(tx, file.staff, appUid, uidOf);
    await importPrograms(tx, file.programs, appUid, uidOf);
    await importEvents(tx, file.events, appUid, uidOf);

    if (sourceHash) {
      await tx
        .insert(tenantImports)
        .values({ appId: appUid, sourceHash })
        .onConflictDoUpdate({
          target: tenantImports.appId,
          set: { sourceHash, importedAt: new Date() },
        });
    }
    return { appUid, domain: file.app.domain, created: !existing, warnings };
  });
}

function appRow(file: TenantFile, uid: string, apiKey: string): typeof apps.$inferInsert {
  const a = file.app;
  return {
    uid,
    key: a.key,
    domain: a.domain.replace(/^www\./, ''),
    subdomain: a.subdomain ?? a.domain.split('.')[0],
    name: a.name,
    apiKey,
    logo: a.logo,
    favicon: a.favicon,
    mainCompanyUid: tenantUid(a.key, 'company', a.main_company),
    landingPage: a.landing_page,
    landingPageType: a.landing_page_type,
    emptyPage: a.empty_page,
    allowAnonymousNavigation: a.allow_anonymous_navigation,
    allowSignup: a.allow_signup,
    marketplace: a.marketplace,
    multisite: a.multisite,
    signinMethods: a.signin_methods,
    countries: a.countries,
    recaptchaSiteKey: a.recaptcha_site_key,
    externalLink: a.external_link,
    validateDocument: a.validate_document,
    validateMobileNumber: a.validate_mobile_number,
    site: a.site,
    firebaseSettings: a.firebase_settings as Record<string, string> | null,
    siteFirebaseSettings: a.site_firebase_settings as Record<string, string> | null,
    mainColor: a.colors.main_color,
    menuColor: a.colors.menu_color,
    maintenance: a.maintenance,
    eventsEnabled: a.events_enabled,
    defaultLandingTexts: Object.fromEntries(
      Object.entries(a.default_landing_texts).filter(([, text]) => text),
    ) as Record<string, string>,
    partnerDeletionPrefix: a.partner_deletion_prefix,
    maxUnpaidOrders: a.max_unpaid_orders,
    orderAcceptanceMinutes: a.order_acceptance_minutes,
  };
}

type UidOf = (kind: string, key: string) => string;

async function importCompanies(tx: Tx, file: TenantFile, appId: string, uidOf: UidOf) {
  // Parents are linked in a second pass, so the file's order does not matter.
  for (const [position, c] of file.companies.entries()) {
    const row = {
      appId,
      uid: uidOf('company', c.key),
      key: c.key,
      parentUid: null,
      name: c.name,
      logo: c.logo,
      logoRectangle: c.logo_rectangle,
      cover: c.cover,
      banner: c.banner,
      description: c.description,
      facebookPage: c.facebook_page,
      instagramPage: c.instagram_page,
      whatsappNumber: c.whatsapp_number,
      ecommerceEnabled: c.ecommerce_enabled,
      subscriptionEnabled: c.subscription_enabled,
      benefitProgramsEnabled: c.benefit_programs_enabled,
      gamificationSystem: c.gamification_system,
      deliveryService: c.delivery_service,
      hiddenForMembers: c.hidden_for_members,
      currencyCode: c.currency.code,
      currencySymbol: c.currency.symbol,
      listed: c.listed,
      position,
    };
    await upsertByUid(tx, companies, row);
  }
  for (const c of file.companies) {
    await tx
      .update(companies)
      .set({ parentUid: c.parent ? uidOf('company', c.parent) : null })
      .where(ofTenant(tenantRef(appId), companies, eq(companies.uid, uidOf('company', c.key))));
    const adUids = c.ads.map((ad) => uidOf('ad', `${c.key}/${ad.key}`));
    const companyUid = uidOf('company', c.key);
    await tx
      .delete(companyAds)
      .where(unlistedRows(appId, companyAds, companyAds.companyUid, companyUid, adUids));
    for (const [position, ad] of c.ads.entries()) {
      const row = {
        appId,
        uid: adUids[position],
        companyUid,
        key: ad.key,
        title: ad.title,
        image: ad.image,
        link: ad.link,
        position,
        isActive: ad.is_active,
      };
      await upsertVersionedByUid(tx, companyAds, row);
    }
  }
}

async function importCategories(tx: Tx, file: TenantFile, appId: string, uidOf: UidOf) {
  // Only the file's companies follow the file: a store a merchant created on a marketplace
  // keeps the category it chose when the tenant file is imported again.
  const fileCompanies = file.companies.map((c) => uidOf('company', c.key));
  await tx
    .delete(companyCategoryMembers)
    .where(
      ofTenant(
        tenantRef(appId),
        companyCategoryMembers,
        fileCompanies.length
          ? inArray(companyCategoryMembers.companyUid, fileCompanies)
          : undefined,
      ),
    );
  const keep = file.categories.map((c) => uidOf('category', c.key));
  await tx
    .delete(companyCategories)
    .where(
      ofTenant(
        tenantRef(appId),
        companyCategories,
        keep.length ? notInArray(companyCategories.uid, keep) : undefined,
      ),
    );
  for (const [position, c] of file.categories.entries()) {
    const row = {
      appId,
      uid: keep[position],
      key: c.key,
      name: c.name,
      image: c.image,
      color: c.color,
      position,
    };
    await upsertByUid(tx, companyCategories, row);
  }
  const members = file.companies.flatMap((c) =>
    c.categories.map((cat) => ({
      appId,
      categoryUid: uidOf('category', cat),
      companyUid: uidOf('company', c.key),
    })),
  );
  if (members.length) await tx.insert(companyCategoryMembers).values(members);
}

async function importAreasAndPlaces(tx: Tx, file: TenantFile, appId: string, uidOf: UidOf) {
  for (const [position, a] of file.areas.entries()) {
    const row = {
      appId,
      uid: uidOf('area', a.key),
      key: a.key,
      name: a.name,
      countryCode: a.country_code,
      bounds: a.bounds,
      position,
    };
    await upsertByUid(tx, areas, row);
  }
  for (const p of file.places) {
    const row = {
      appId,
      uid: uidOf('place', p.key),
      key: p.key,
      companyUid: uidOf('company', p.company),
      areaUid: uidOf('area', p.area),
      name: p.name,
      address: p.address,
      localityName: p.locality_name,
      telephone1: p.telephone1,
      telephone2: p.telephone2,
      latitude: p.latitude,
      longitude: p.longitude,
      usesCountryDeliveryService: p.uses_country_delivery_service,
      subscriptionEnabled: p.subscription_enabled,
      pickupEnabled: p.pickup_enabled,
      ordersPaused: p.orders_paused,
      timetable: openingHoursOf(p.timetable),
      isActive: true,
    };
    // The version moves so an editor open on the old values gets a conflict, not a silent overwrite.
    await upsertVersionedByUid(tx, places, row);
  }
}

async function importLanding(tx: Tx, file: TenantFile, appId: string, uidOf: UidOf) {
  await tx.delete(landingSections).where(ofTenant(tenantRef(appId), landingSections));
  const rows = file.landing.sections.map((s, position) => {
    const button = (b: { key: string; tittle: string; link: string }, scope: string) => ({
      uid: uidOf('landing-button', `${scope}/${b.key}`),
      tittle: b.tittle,
      link: b.link,
    });
    return {
      appId,
      uid: uidOf('landing-section', s.key),
      key: s.key,
      type: s.type,
      position,
      isActive: s.is_active,
      tittle: s.tittle,
      content: s.content,
      link: s.link,
      buttons: s.buttons.map((b) => button(b, s.key)),
      cards: s.cards.map((c) => ({
        uid: uidOf('landing-card', `${s.key}/${c.key}`),
        is_active: c.is_active,
        tittle: c.tittle,
        subtittle: c.subtittle,
        content: c.content,
        color: c.color,
        buttons: c.buttons.map((b) => button(b, `${s.key}/${c.key}`)),
        images: c.images,
      })),
      images: s.images.map((i) => ({
        uid: uidOf('landing-image', `${s.key}/${i.key}`),
        image: i.image,
        link: i.link,
        is_active: i.is_active,
      })),
    };
  });
  if (rows.length) await tx.insert(landingSections).values(rows);
}
