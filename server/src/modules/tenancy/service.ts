import { and, asc, count, eq, exists, inArray, ne, or } from 'drizzle-orm';
import type { App, Ad, CompanyCategory, CompanySummary, Landing } from '@store/contract';
import type { Database } from '../../db/client';
import {
  apps,
  areas,
  companies,
  companyAds,
  companyCategories,
  companyCategoryMembers,
  landingSections,
  places,
} from '../../db/schema';
import { NotFoundError } from '../../lib/http-errors';
import type { PageWindow } from '../../lib/pagination';
import { nameContains } from '../../lib/search';
import { isUid } from '../../lib/uid';
import { appToApi, companySummaryToApi, landingSectionToApi } from './serialize';
import { allowedPrograms } from '../programs/service';
import { companyIsPublic } from '../marketplace/visibility';
import { ofTenant, sameTenant } from '../../scope/tenant-query';
import type { Scope } from '../../scope/scope';
import type { AppRow } from './app-row';

export type { AppRow } from './app-row';

/** The host name as tenants are registered: lower case, no port, no leading www. */
export function normaliseDomain(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

export async function findAppRowByDomain(db: Database, host: string): Promise<AppRow | undefined> {
  const [row] = await db
    .select()
    .from(apps)
    .where(eq(apps.domain, normaliseDomain(host)));
  return row;
}

export async function findAppRowByApiKey(
  db: Database,
  apiKey: string,
): Promise<AppRow | undefined> {
  const [row] = await db.select().from(apps).where(eq(apps.apiKey, apiKey));
  return row;
}

export async function findAppRow(db: Database, uid: string): Promise<AppRow | undefined> {
  if (!isUid(uid)) return undefined;
  const [row] = await db.select().from(apps).where(eq(apps.uid, uid));
  return row;
}

/** Allowed companies are the listed companies of the app other than the main one. */
function allowedCompaniesWhere(scope: Pick<Scope, 'app'>) {
  const { app } = scope;
  return ofTenant(
    scope,
    companies,
    eq(companies.listed, true),
    companyIsPublic,
    app.mainCompanyUid ? ne(companies.uid, app.mainCompanyUid) : undefined,
  );
}

/** Which of these companies have an active place: the others open soon. */
async function companiesWithPlaces(
  scope: Pick<Scope, 'db' | 'app'>,
  companyUids: string[],
): Promise<Set<string>> {
  if (companyUids.length === 0) return new Set();
  const rows = await scope.db
    .selectDistinct({ uid: places.companyUid })
    .from(places)
    .where(
      ofTenant(scope, places, eq(places.isActive, true), inArray(places.companyUid, companyUids)),
    );
  return new Set(rows.map((row) => row.uid));
}

export async function describeApp(scope: Pick<Scope, 'db' | 'app'>): Promise<App> {
  const { db, app } = scope;
  const [allCompanies, appAreas, programs] = await Promise.all([
    db.select().from(companies).where(ofTenant(scope, companies)).orderBy(asc(companies.position)),
    db
      .select()
      .from(areas)
      .where(ofTenant(scope, areas))
      .orderBy(asc(areas.position), asc(areas.name)),
    allowedPrograms({ db, app }),
  ]);
  const mainCompany = allCompanies.find((c) => c.uid === app.mainCompanyUid) ?? allCompanies[0];
  if (!mainCompany) throw new NotFoundError();
  // Only approved stores are public: a marketplace store waiting for review (or rejected,
  // suspended) has no /c/{uid}/ pages either, since the web app knows companies from this list.
  const allowedCompanies = allCompanies.filter(
    (c) => c.listed && c.status === 'approved' && c.uid !== mainCompany.uid,
  );
  const open = await companiesWithPlaces(
    scope,
    allowedCompanies.map((c) => c.uid),
  );
  return appToApi(app, { mainCompany, allowedCompanies, open, areas: appAreas, programs });
}

export async function listAppsByDomain(db: Database, domain: string): Promise<App[]> {
  const row = await findAppRowByDomain(db, domain);
  return row ? [await describeApp({ db, app: row })] : [];
}

export async function listCategories(
  scope: Scope,
  options: { withCompanies: boolean; search?: string },
  window: PageWindow,
): Promise<{ count: number; results: CompanyCategory[] }> {
  const { db } = scope;
  // A search finds categories by their name or by the name of a company in them.
  const searchWhere = options.search
    ? exists(
        db
          .select({ one: companyCategoryMembers.companyUid })
          .from(companyCategoryMembers)
          .innerJoin(
            companies,
            sameTenant(
              companies,
              companyCategoryMembers,
              eq(companies.uid, companyCategoryMembers.companyUid),
            ),
          )
          .where(
            sameTenant(
              companyCategoryMembers,
              companyCategories,
              eq(companyCategoryMembers.categoryUid, companyCategories.uid),
              allowedCompaniesWhere(scope),
              nameContains(companies.name, options.search),
            ),
          ),
      )
    : undefined;
  const filtered = ofTenant(
    scope,
    companyCategories,
    options.search
      ? or(nameContains(companyCategories.name, options.search), searchWhere)
      : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(companyCategories).where(filtered);
  const rows = await db
    .select()
    .from(companyCategories)
    .where(filtered)
    .orderBy(asc(companyCategories.position), asc(companyCategories.name))
    .limit(window.limit)
    .offset(window.offset);
  if (!options.withCompanies || rows.length === 0) {
    return { count: total, results: rows.map(categoryToApi) };
  }
  const members = await db
    .select({ categoryUid: companyCategoryMembers.categoryUid, company: companies })
    .from(companyCategoryMembers)
    .innerJoin(
      companies,
      sameTenant(
        companies,
        companyCategoryMembers,
        eq(companies.uid, companyCategoryMembers.companyUid),
      ),
    )
    .where(
      ofTenant(
        scope,
        companyCategoryMembers,
        inArray(
          companyCategoryMembers.categoryUid,
          rows.map((r) => r.uid),
        ),
        allowedCompaniesWhere(scope),
      ),
    )
    .orderBy(asc(companies.position), asc(companies.name));
  const open = await companiesWithPlaces(scope, [...new Set(members.map((m) => m.company.uid))]);
  return {
    count: total,
    results: rows.map((row) => {
      const categoryMatches = options.search ? matchesLoosely(row.name, options.search) : true;
      return {
        ...categoryToApi(row),
        companies: members
          .filter((m) => m.categoryUid === row.uid)
          .filter((m) => categoryMatches || matchesLoosely(m.company.name, options.search!))
          .map((m) => companySummaryToApi(m.company, open.has(m.company.uid))),
      };
    }),
  };
}

/** Same test as `nameContains`, for rows already in memory. */
function matchesLoosely(name: string, search: string): boolean {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  return fold(name).includes(fold(search.trim()));
}

function categoryToApi(row: typeof companyCategories.$inferSelect): CompanyCategory {
  return { uid: row.uid, name: row.name, image: row.image, color: row.color };
}

export async function listAllowedCompanies(
  scope: Scope,
  options: { category?: string; search?: string },
  window: PageWindow,
): Promise<{ count: number; results: CompanySummary[] }> {
  const { db } = scope;
  if (options.category !== undefined && !isUid(options.category)) return { count: 0, results: [] };
  const where = and(
    allowedCompaniesWhere(scope),
    options.search ? nameContains(companies.name, options.search) : undefined,
    options.category
      ? exists(
          db
            .select({ one: companyCategoryMembers.companyUid })
            .from(companyCategoryMembers)
            .where(
              sameTenant(
                companyCategoryMembers,
                companies,
                eq(companyCategoryMembers.companyUid, companies.uid),
                eq(companyCategoryMembers.categoryUid, options.category),
              ),
            ),
        )
      : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(companies).where(where);
  const rows = await db
    .select()
    .from(companies)
    .where(where)
    .orderBy(asc(companies.position), asc(companies.name))
    .limit(window.limit)
    .offset(window.offset);
  const open = await companiesWithPlaces(
    scope,
    rows.map((row) => row.uid),
  );
  return {
    count: total,
    results: rows.map((row) => companySummaryToApi(row, open.has(row.uid))),
  };
}

export async function listCompanyAds(
  scope: Scope,
  companyUid: string,
  window: PageWindow,
): Promise<{ count: number; results: Ad[] }> {
  const { db } = scope;
  if (!isUid(companyUid)) throw new NotFoundError();
  const [company] = await db
    .select({ uid: companies.uid })
    .from(companies)
    .where(ofTenant(scope, companies, eq(companies.uid, companyUid), companyIsPublic));
  if (!company) throw new NotFoundError();
  const where = ofTenant(
    scope,
    companyAds,
    eq(companyAds.companyUid, companyUid),
    eq(companyAds.isActive, true),
  );
  const [{ total }] = await db.select({ total: count() }).from(companyAds).where(where);
  const rows = await db
    .select()
    .from(companyAds)
    .where(where)
    .orderBy(asc(companyAds.position))
    .limit(window.limit)
    .offset(window.offset);
  return {
    count: total,
    results: rows.map((r) => ({
      uid: r.uid,
      title: r.title,
      image: r.image,
      link: r.link,
      position: r.position,
    })),
  };
}

export async function getLanding(scope: Scope): Promise<Landing> {
  const { db, app } = scope;
  if (!app.landingPage) throw new NotFoundError();
  const rows = await db
    .select()
    .from(landingSections)
    .where(ofTenant(scope, landingSections, eq(landingSections.isActive, true)))
    .orderBy(asc(landingSections.position));
  return {
    landing_page_type: app.landingPageType as Landing['landing_page_type'],
    sections: rows.map(landingSectionToApi),
  };
}
