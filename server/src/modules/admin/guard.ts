import type { FastifyRequest } from 'fastify';
import {
  adminAreas,
  adminCan,
  adminMediaMessages,
  adminMessages,
  isAdminRole,
  marketplaceMessages,
  type AdminArea,
} from '@store/contract';
import { ForbiddenError, ValidationError } from '../../lib/http-errors';
import type { StaffScope } from '../../scope/scope';
import { resolveStaff } from '../staff/guard';

/** The back office acts as the store's OWNER or MANAGER: the staff scope of one of those roles. */
export type AdminScope = StaffScope;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin area's preValidation hook; the admin routes read it with requireAdmin(). */
    admin: AdminScope | null;
  }
}

/**
 * preValidation hook of the whole admin area: 401 without a session (the route-access
 * plugin, before the body is read), 403 for a limited session, a customer, or a STAFF or
 * VALIDATOR role. Each route then names its area with `adminOnly`.
 */
export async function adminHook(request: FastifyRequest): Promise<void> {
  request.requireFullSession();
  const staff = await resolveStaff(request.fullMemberScope());
  if (!staff || !isAdminRole(staff.role)) throw new ForbiddenError(adminMessages.notAdmin);
  request.admin = staff;
}

/**
 * The marketplace owner: the OWNER of the app's main company, on an app flagged `marketplace`.
 * Decided per user (not per role), so the area never reaches the owner of a member store.
 */
export function isMarketplaceOwner(admin: AdminScope): boolean {
  return (
    admin.app.marketplace &&
    admin.role === 'OWNER' &&
    admin.app.mainCompanyUid !== null &&
    admin.company.uid === admin.app.mainCompanyUid
  );
}

/**
 * Whether the user works for the app's main company. The app-wide tools are the main company's:
 * its branding and legal texts, the whole store's export, the unsent mails. The owner of a
 * marketplace store (or of a multisite child company) is an OWNER of their own company only.
 */
export function worksForMainCompany(admin: AdminScope): boolean {
  return admin.app.mainCompanyUid === null || admin.company.uid === admin.app.mainCompanyUid;
}

/** Areas only the app's main company opens (issue 36 row 9: not offered to a member store). */
const mainCompanyAreas: readonly AdminArea[] = ['branding'];

/**
 * The areas this user opens: their role's (without the main company's app-wide ones for another
 * company), plus `marketplace` for the marketplace owner.
 */
export function adminAreasOf(admin: AdminScope): AdminArea[] {
  const main = worksForMainCompany(admin);
  return [
    ...adminAreas[admin.role].filter((area) => main || !mainCompanyAreas.includes(area)),
    ...(isMarketplaceOwner(admin) ? ['marketplace' as const] : []),
  ];
}

/**
 * Route hook: the user must open this area, else 403 with what they lack (never a 404: the
 * screen exists, it is someone else's): a MANAGER never reaches staff, money, program rules or
 * settings; another company than the main one never reaches the app's branding.
 */
export function adminOnly(area: AdminArea) {
  return async (request: FastifyRequest): Promise<void> => {
    const admin = requireAdmin(request);
    if (area === 'marketplace') {
      if (!isMarketplaceOwner(admin)) throw new ForbiddenError(marketplaceMessages.ownerOnly);
      return;
    }
    if (!adminCan(admin.role, area)) throw new ForbiddenError(adminMessages.ownerOnly);
    if (mainCompanyAreas.includes(area) && !worksForMainCompany(admin))
      throw new ForbiddenError(adminMediaMessages.brandingMainCompanyOnly);
  };
}

export function requireAdmin(request: FastifyRequest): AdminScope {
  if (!request.admin) throw new ForbiddenError(adminMessages.notAdmin);
  return request.admin;
}

/** A place filter of the back office: one the user may see, else a field error. */
export function adminPlace(admin: AdminScope, placeUid: string, field = 'place') {
  const place = admin.places.find((p) => p.uid === placeUid);
  if (!place) throw new ValidationError({ [field]: [adminMessages.placeNotFound] });
  return place;
}
