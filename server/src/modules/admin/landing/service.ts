import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import {
  adminLandingMessages,
  DEFAULT_LANDING_TEXT_KEYS,
  type AdminDefaultLandingTexts,
  type AdminLanding,
  type AdminLandingInput,
  type LandingSection,
} from '@store/contract';
import { apps, landingSections } from '../../../db/schema';
import { ForbiddenError } from '../../../lib/http-errors';
import { withDb, type Scope } from '../../../scope/scope';
import { ofTenant } from '../../../scope/tenant-query';
import { defaultLandingTextsOf, landingSectionToApi } from '../../tenancy/serialize';
import { recordSave } from '../audit';
import { tenantHtmlSanitizer } from '../../../lib/tenant-html';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';

type AppRow = typeof apps.$inferSelect;

/**
 * The landing is the store's own page (one per tenant, like its branding): in a multisite only
 * the main company's owner or manager edits it.
 */
function mayEdit(admin: AdminScope): void {
  if (admin.app.mainCompanyUid && admin.app.mainCompanyUid !== admin.company.uid)
    throw new ForbiddenError(adminLandingMessages.landingMainCompanyOnly);
}

async function readSections(scope: Pick<Scope, 'db' | 'app'>) {
  return scope.db
    .select()
    .from(landingSections)
    .where(ofTenant(scope, landingSections))
    .orderBy(asc(landingSections.position));
}

/** Every text of the default landing, '' where the built-in translation shows. */
function defaultTexts(app: AppRow): AdminDefaultLandingTexts {
  const written = defaultLandingTextsOf(app.defaultLandingTexts);
  return Object.fromEntries(
    DEFAULT_LANDING_TEXT_KEYS.map((key) => [key, written[key] ?? '']),
  ) as AdminDefaultLandingTexts;
}

function toApi(app: AppRow, rows: (typeof landingSections.$inferSelect)[]): AdminLanding {
  return {
    landing_page: app.landingPage,
    landing_page_type: app.landingPageType as AdminLanding['landing_page_type'],
    sections: rows.map(landingSectionToApi),
    default_texts: defaultTexts(app),
    version: app.landingVersion,
  };
}

/** The texts as stored: only those written (the contract already made them plain, one-line text). */
function storedTexts(input: NonNullable<AdminLandingInput['default_texts']>) {
  return Object.fromEntries(
    DEFAULT_LANDING_TEXT_KEYS.flatMap((key) => (input[key] ? [[key, input[key]]] : [])),
  ) as Record<string, string>;
}

export async function getLandingForAdmin(admin: AdminScope): Promise<AdminLanding> {
  mayEdit(admin);
  // The tenant row itself (its uid is the scope's tenant, never another's).
  const [app] = await admin.db.select().from(apps).where(eq(apps.uid, admin.app.uid));
  return toApi(app, await readSections(admin));
}

const uidOr = (uid: string | undefined) => (uid ? uid.toLowerCase() : randomUUID());

/**
 * Saves the whole landing in one transaction: the tenant row is locked and its landing version
 * checked (409 with the landing as it is now when someone saved since), the sections are
 * rewritten in the order sent (a section keeps its uid and its tenant-file key), the default
 * landing's texts replaced when sent, and one audit line holds the landing before and after.
 */
export async function saveLanding(
  admin: AdminScope,
  input: AdminLandingInput,
): Promise<AdminLanding> {
  mayEdit(admin);
  // Rich text is stored as the store will show it: cleaned by the same rules (no scripts, no handlers).
  const sanitize = await tenantHtmlSanitizer();
  const clean = (html: string) => sanitize(html) ?? '';
  return admin.db.transaction(async (tx) => {
    const scope = withDb(admin, tx);
    const where = eq(apps.uid, admin.app.uid);
    const [row] = await tx.select().from(apps).where(where).for('update');
    const before = await readSections(scope);
    checkVersion({ ...row, version: row.landingVersion }, input.version, (r) => toApi(r, before));
    const keyOf = new Map(before.map((s) => [s.uid, s.key]));
    const rows = input.sections.map((s, position) => {
      const uid = uidOr(s.uid);
      const section: LandingSection = {
        uid,
        type: s.type,
        is_active: s.is_active,
        tittle: s.tittle,
        content: clean(s.content),
        link: s.link,
        buttons: s.buttons.map((b) => ({ uid: uidOr(b.uid), tittle: b.tittle, link: b.link })),
        cards: s.cards.map((c) => ({
          uid: uidOr(c.uid),
          is_active: c.is_active,
          tittle: c.tittle,
          subtittle: c.subtittle,
          content: clean(c.content),
          color: c.color?.toUpperCase() ?? null,
          buttons: c.buttons.map((b) => ({ uid: uidOr(b.uid), tittle: b.tittle, link: b.link })),
          images: c.images.map((x) => ({ image: x.image, spatial_position: x.spatial_position })),
        })),
        images: s.images.map((x) => ({
          uid: uidOr(x.uid),
          image: x.image,
          link: x.link,
          is_active: x.is_active,
        })),
      };
      return {
        appId: admin.app.uid,
        uid,
        key: keyOf.get(uid) ?? null,
        type: section.type,
        position,
        isActive: section.is_active,
        tittle: section.tittle,
        content: section.content,
        link: section.link,
        buttons: section.buttons,
        cards: section.cards,
        images: section.images,
      };
    });
    await tx.delete(landingSections).where(ofTenant(admin, landingSections));
    if (rows.length) await tx.insert(landingSections).values(rows);
    const [updated] = await tx
      .update(apps)
      .set({
        landingPage: input.landing_page,
        landingPageType: input.landing_page_type,
        ...(input.default_texts ? { defaultLandingTexts: storedTexts(input.default_texts) } : {}),
        landingVersion: sql`${apps.landingVersion} + 1`,
        updatedAt: admin.clock(),
      })
      .where(where)
      .returning();
    const after = toApi(updated, await readSections(scope));
    return recordSave(scope, 'landing', admin.app.uid, toApi(row, before), after);
  });
}
