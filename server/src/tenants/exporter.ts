import { asc, eq, inArray, like, or } from 'drizzle-orm';
import { openingHoursOf } from '@store/contract';
import type { Database, Tx } from '../db/client';
import {
  apps,
  areas,
  companies,
  companyAds,
  companyCategories,
  companyCategoryMembers,
  companyTaxRules,
  coupons,
  events,
  landingSections,
  loyaltyLedger,
  optionGroups,
  options,
  paymentMethods,
  placeDeliverySettings,
  placeProducts,
  places,
  pollOptions,
  pollQuestions,
  polls,
  productCategories,
  products,
  programAds,
  programMembers,
  programs,
  programSections,
  promotionPlaces,
  promotions,
  raffles,
  staffMembers,
  users,
} from '../db/schema';
import { ofTenant, tenantRef } from '../scope/tenant-query';
import { tenantRows } from './export-rows';
import { defaultLandingTextsOf } from '../modules/tenancy/serialize';

/** A tenant file as JSON, in the shape `tenantFile` reads (its input side: money as "12.50"). */
export type ExportedTenantFile = Record<string, unknown> & {
  app: Record<string, unknown> & { key: string; name: string; domain: string };
};

const money = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));
const instant = (d: Date | null) => (d ? d.toISOString() : null);
/** Rows the back office created carry no file key: they are named by position, stable within one export. */
const keyOr = (key: string | null, prefix: string, i: number) => key ?? `${prefix}-${i + 1}`;
const byKey = <T extends { key: string }>(a: T, b: T) =>
  a.key < b.key ? -1 : a.key > b.key ? 1 : 0;

/** The tenant whose app key or domain is `name`, or null. */
export async function findTenantUid(db: Database, name: string): Promise<string | null> {
  const [row] = await db
    .select({ uid: apps.uid })
    .from(apps)
    .where(or(eq(apps.key, name), eq(apps.domain, name.replace(/^www\./, ''))));
  return row?.uid ?? null;
}

/**
 * Builds the tenant file of one store from every table the importer writes,
 * read in one repeatable-read transaction so the file is one consistent moment.
 * Secrets stay out (docs/decisions.md "Tenant file export"): passwords, the
 * app's api_key and Mercado Pago's access token and webhook secret.
 */
export async function exportTenant(db: Database, appUid: string): Promise<ExportedTenantFile> {
  return db.transaction(async (tx) => buildFile(tx, appUid), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function buildFile(tx: Tx, appUid: string): Promise<ExportedTenantFile> {
  const t = tenantRef(appUid);
  const [app] = await tx.select().from(apps).where(eq(apps.uid, appUid));
  if (!app) throw new Error(`no tenant ${appUid}`);

  const companyRows = await tenantRows(
    tx,
    t,
    companies,
    asc(companies.position),
    asc(companies.key),
  );
  const companyKey = new Map(companyRows.map((c) => [c.uid, c.key]));
  const categoryRows = await tenantRows(tx, t, companyCategories, asc(companyCategories.position));
  const members = await tenantRows(tx, t, companyCategoryMembers);
  const adRows = await tenantRows(tx, t, companyAds, asc(companyAds.position));
  const methodRows = await tenantRows(tx, t, paymentMethods, asc(paymentMethods.position));
  const taxRows = await tenantRows(tx, t, companyTaxRules);
  const couponRows = await tenantRows(tx, t, coupons, asc(coupons.key));

  const areaRows = await tenantRows(tx, t, areas, asc(areas.position));
  const areaKey = new Map(areaRows.map((a) => [a.uid, a.key]));
  const placeRows = await tenantRows(tx, t, places, asc(places.key));
  const placeKey = new Map(placeRows.map((p) => [p.uid, p.key]));
  const deliveryRows = await tenantRows(tx, t, placeDeliverySettings);

  const file: ExportedTenantFile = {
    app: {
      key: app.key,
      name: app.name,
      domain: app.domain,
      subdomain: app.subdomain,
      logo: app.logo,
      favicon: app.favicon,
      main_company:
        (app.mainCompanyUid && companyKey.get(app.mainCompanyUid)) ?? companyRows[0]?.key,
      landing_page: app.landingPage,
      landing_page_type: app.landingPageType,
      empty_page: app.emptyPage,
      allow_anonymous_navigation: app.allowAnonymousNavigation,
      allow_signup: app.allowSignup,
      marketplace: app.marketplace,
      multisite: app.multisite,
      signin_methods: app.signinMethods,
      countries: app.countries,
      recaptcha_site_key: app.recaptchaSiteKey,
      external_link: app.externalLink,
      validate_document: app.validateDocument,
      validate_mobile_number: app.validateMobileNumber,
      site: app.site,
      firebase_settings: app.firebaseSettings,
      site_firebase_settings: app.siteFirebaseSettings,
      colors: { main_color: app.mainColor, menu_color: app.menuColor },
      maintenance: app.maintenance,
      events_enabled: app.eventsEnabled,
      default_landing_texts: defaultLandingTextsOf(app.defaultLandingTexts),
      partner_deletion_prefix: app.partnerDeletionPrefix,
      max_unpaid_orders: app.maxUnpaidOrders,
      order_acceptance_minutes: app.orderAcceptanceMinutes,
    },
    companies: companyRows.map((c) => {
      const tax = taxRows.find((x) => x.companyUid === c.uid);
      return {
        key: c.key,
        name: c.name,
        ...(c.parentUid ? { parent: companyKey.get(c.parentUid) } : {}),
        logo: c.logo,
        logo_rectangle: c.logoRectangle,
        cover: c.cover,
        banner: c.banner,
        description: c.description,
        facebook_page: c.facebookPage,
        instagram_page: c.instagramPage,
        whatsapp_number: c.whatsappNumber,
        ecommerce_enabled: c.ecommerceEnabled,
        subscription_enabled: c.subscriptionEnabled,
        benefit_programs_enabled: c.benefitProgramsEnabled,
        gamification_system: c.gamificationSystem,
        delivery_service: c.deliveryService,
        hidden_for_members: c.hiddenForMembers,
        currency: { code: c.currencyCode, symbol: c.currencySymbol },
        categories: categoryRows
          .filter((cat) => members.some((m) => m.companyUid === c.uid && m.categoryUid === cat.uid))
          .map((cat) => cat.key),
        listed: c.listed,
        payment_methods: methodRows
          .filter((m) => m.companyUid === c.uid)
          .map((m) => ({
            key: m.key,
            type: m.type,
            name: m.name,
            provider: m.provider,
            // Only the public key leaves the database; the importer keeps the stored secrets.
            ...(m.provider === 'mercadopago' ? { mercadopago: { public_key: m.publicKey } } : {}),
            is_active: m.isActive,
          })),
        tax: tax
          ? { name: tax.name, rate_percent: tax.rateBasisPoints / 100 }
          : { name: 'IGV', rate_percent: 18 },
        coupons: couponRows
          .filter((k) => k.companyUid === c.uid)
          .map((k) => ({
            key: k.key,
            code: k.code,
            kind: k.kind,
            value: k.kind === 'PERCENT' ? k.value / 100 : money(k.value),
            min_subtotal: money(k.minSubtotalCents),
            valid_from: instant(k.validFrom),
            valid_until: instant(k.validUntil),
            max_uses: k.maxUses,
            max_uses_per_member: k.maxUsesPerMember,
            is_active: k.isActive,
          })),
        ads: adRows
          .filter((a) => a.companyUid === c.uid)
          .map((a, i) => ({
            key: keyOr(a.key, 'ad', i),
            title: a.title,
            image: a.image,
            link: a.link,
            is_active: a.isActive,
          })),
      };
    }),
    categories: categoryRows.map((c) => ({
      key: c.key,
      name: c.name,
      image: c.image,
      color: c.color,
    })),
    areas: areaRows.map((a) => ({
      key: a.key,
      name: a.name,
      country_code: a.countryCode,
      ...(a.bounds ? { bounds: a.bounds } : {}),
    })),
    places: placeRows.map((p) => {
      const d = deliveryRows.find((x) => x.placeUid === p.uid);
      return {
        key: p.key,
        company: companyKey.get(p.companyUid),
        area: areaKey.get(p.areaUid),
        name: p.name,
        address: p.address,
        locality_name: p.localityName,
        telephone1: p.telephone1,
        telephone2: p.telephone2,
        latitude: p.latitude,
        longitude: p.longitude,
        uses_country_delivery_service: p.usesCountryDeliveryService,
        subscription_enabled: p.subscriptionEnabled,
        pickup_enabled: p.pickupEnabled,
        orders_paused: p.ordersPaused,
        delivery: d
          ? {
              enabled: d.enabled,
              base_fare: money(d.baseFareCents),
              per_km: money(d.perKmCents),
              max_radius_km: d.maxRadiusMeters / 1000,
            }
          : null,
        timetable: openingHoursOf(p.timetable),
      };
    }),
    landing: { sections: await landing(tx, appUid) },
    catalog: await catalog(tx, appUid, companyKey, placeKey),
    ...(await people(tx, appUid, companyKey, placeKey)),
  };
  return file;
}

type Button = { tittle: string; link: string };
type Card = {
  is_active: boolean;
  tittle: string;
  subtittle: string;
  content: string;
  color: string | null;
  buttons: Button[];
  images: { image: string; spatial_position: 'LEFT' | 'RIGHT' }[];
};
type Image = { image: string; link: string | null; is_active: boolean };

/** Cards, buttons and images live in JSON columns without their keys: they are named by position. */
async function landing(tx: Tx, appUid: string) {
  const rows = await tx
    .select()
    .from(landingSections)
    .where(ofTenant(tenantRef(appUid), landingSections))
    .orderBy(asc(landingSections.position));
  const buttons = (list: Button[]) =>
    list.map((b, i) => ({ key: `button-${i + 1}`, tittle: b.tittle, link: b.link }));
  return rows.map((s, i) => ({
    key: keyOr(s.key, 'section', i),
    type: s.type,
    is_active: s.isActive,
    tittle: s.tittle,
    content: s.content,
    link: s.link,
    buttons: buttons(s.buttons),
    cards: (s.cards as Card[]).map((c, j) => ({
      key: `card-${j + 1}`,
      is_active: c.is_active,
      tittle: c.tittle,
      subtittle: c.subtittle,
      content: c.content,
      color: c.color,
      buttons: buttons(c.buttons),
      images: c.images.map((x) => ({ image: x.image, spatial_position: x.spatial_position })),
    })),
    images: (s.images as Image[]).map((x, j) => ({
      key: `image-${j + 1}`,
      image: x.image,
      link: x.link,
      is_active: x.is_active,
    })),
  }));
}

async function catalog(
  tx: Tx,
  appUid: string,
  companyKey: Map<string, string>,
  placeKey: Map<string, string>,
) {
  const t = tenantRef(appUid);
  const categoryRows = await tenantRows(
    tx,
    t,
    productCategories,
    asc(productCategories.position),
    asc(productCategories.key),
  );
  const categoryKey = new Map(categoryRows.map((c) => [c.uid, c.key]));
  const productRows = await tenantRows(tx, t, products, asc(products.position), asc(products.key));
  const assortment = await tenantRows(tx, t, placeProducts);
  const groupRows = await tenantRows(tx, t, optionGroups, asc(optionGroups.position));
  const optionRows = await tenantRows(tx, t, options, asc(options.position));
  return {
    categories: categoryRows.map((c) => ({
      key: c.key,
      company: companyKey.get(c.companyUid),
      name: c.name,
      image: c.image,
      color: c.color,
      is_active: c.isActive,
    })),
    products: productRows.map((p) => ({
      key: p.key,
      company: companyKey.get(p.companyUid),
      ...(p.categoryUid ? { category: categoryKey.get(p.categoryUid) } : {}),
      title: p.title,
      short_description: p.shortDescription,
      description: p.description,
      image: p.image,
      image_reverse: p.imageReverse,
      price: money(p.unitPriceCents),
      coin_price: p.coinPrice,
      brand: p.brand,
      sku: p.sku,
      direct_purchase: p.directPurchase,
      is_redeemable: p.isRedeemable,
      is_active: p.isActive,
      subscription_available: p.subscriptionAvailable,
      tags: p.tags,
      // The short form (stock alone) unless the place has its own price, so older files read the same.
      places: Object.fromEntries(
        assortment
          .filter((a) => a.productUid === p.uid)
          .map(
            (a) =>
              [
                placeKey.get(a.placeUid),
                a.priceCents === null ? a.stock : { stock: a.stock, price: money(a.priceCents) },
              ] as const,
          )
          .sort(([a], [b]) => String(a).localeCompare(String(b))),
      ),
      option_groups: groupRows
        .filter((g) => g.productUid === p.uid)
        .map((g, i) => ({
          key: keyOr(g.key, 'group', i),
          name: g.name,
          description: g.description,
          minimum_to_select: g.minimumToSelect,
          maximum_to_select: g.maximumToSelect,
          is_active: g.isActive,
          options: optionRows
            .filter((o) => o.groupUid === g.uid)
            .map((o, j) => ({
              key: keyOr(o.key, 'option', j),
              name: o.name,
              description: o.description,
              price: money(o.priceCents),
              is_active: o.isActive,
            })),
        })),
    })),
  };
}

/** Users, staff, programs (with the ledger lines tenant files wrote) and events. */
async function people(
  tx: Tx,
  appUid: string,
  companyKey: Map<string, string>,
  placeKey: Map<string, string>,
) {
  const t = tenantRef(appUid);
  const userRows = (await tenantRows(tx, t, users, asc(users.email))).filter((u) => u.email);
  const email = new Map(userRows.map((u) => [u.uid, u.email!]));
  const staffRows = await tenantRows(tx, t, staffMembers);
  const programRows = await tenantRows(tx, t, programs, asc(programs.position));
  const promotionRows = await tenantRows(tx, t, promotions, asc(promotions.position));
  const promotionPlaceRows = await tenantRows(tx, t, promotionPlaces);
  const raffleRows = await tenantRows(tx, t, raffles, asc(raffles.position));
  const pollRows = await tenantRows(tx, t, polls, asc(polls.position));
  const questionRows = await tenantRows(tx, t, pollQuestions, asc(pollQuestions.position));
  const pollOptionRows = await tenantRows(tx, t, pollOptions, asc(pollOptions.position));
  const sectionRows = await tenantRows(tx, t, programSections, asc(programSections.position));
  const programAdRows = await tenantRows(tx, t, programAds, asc(programAds.position));
  const memberRows = await tenantRows(tx, t, programMembers);
  // Only the lines a tenant file wrote: the rest is the store's activity (orders, redemptions), not its file.
  const ledgerRows = programRows.length
    ? await tx
        .select()
        .from(loyaltyLedger)
        .where(
          ofTenant(
            t,
            loyaltyLedger,
            inArray(
              loyaltyLedger.programUid,
              programRows.map((p) => p.uid),
            ),
            like(loyaltyLedger.reference, 'tenant-file:%'),
          ),
        )
    : [];
  const eventRows = await tenantRows(tx, t, events);
  const block = (b: {
    key: string;
    title: string;
    image: string | null;
    link: string | null;
    isActive: boolean;
  }) => ({ key: b.key, title: b.title, image: b.image, link: b.link, is_active: b.isActive });

  return {
    users: userRows.map((u) => ({
      email: u.email!,
      first_name: u.firstName,
      last_name: u.lastName,
      document_type: u.documentType ?? 'NATIONAL_ID',
      document_number: u.documentNumber,
      mobile_number: u.mobileNumber,
      birthdate: u.birthdate,
      gender: u.gender,
      email_verified: u.emailVerifiedAt !== null,
    })),
    staff: staffRows
      .filter((s) => email.has(s.userUid))
      .map((s) => ({
        user: email.get(s.userUid)!,
        company: companyKey.get(s.companyUid),
        role: s.role,
        places: s.placeUids.map((p) => placeKey.get(p)).filter((p) => p !== undefined),
      }))
      .sort((a, b) => a.user.localeCompare(b.user)),
    programs: programRows.map((p) => ({
      key: p.key,
      company: companyKey.get(p.companyUid),
      name: p.name,
      description: p.description,
      image: p.image,
      points_enabled: p.pointsEnabled,
      coins_enabled: p.coinsEnabled,
      stamps_enabled: p.stampsEnabled,
      add_points_enabled: p.addPointsEnabled,
      open_to_join: p.openToJoin,
      is_active: p.isActive,
      staff_confirms_redemptions: p.staffConfirmsRedemptions,
      levels: p.levels,
      order_points_per_sol: p.orderPointsPerSol,
      points_expire_after_days: p.pointsExpireAfterDays,
      promotions: promotionRows
        .filter((x) => x.programUid === p.uid)
        .map((x) => ({
          key: x.key,
          name: x.name,
          description: x.description,
          image: x.image,
          kind: x.kind,
          rate_discount: x.rateDiscountBp === null ? null : x.rateDiscountBp / 100,
          fixed_discount: money(x.fixedDiscountCents),
          special_price: money(x.specialPriceCents),
          gift_card_amount: money(x.giftCardAmountCents),
          stamps_required: x.stampsRequired,
          coin_price: x.coinPrice,
          price: money(x.priceCents),
          stock: x.stockTotal,
          limit_per_member: x.limitPerMember,
          max_amount: money(x.maxAmountCents),
          starts_at: instant(x.startsAt),
          ends_at: instant(x.endsAt),
          places: promotionPlaceRows
            .filter((pp) => pp.promotionUid === x.uid)
            .map((pp) => placeKey.get(pp.placeUid)!)
            .sort(),
          tags: x.tags,
          featured: x.featured,
          is_active: x.isActive,
        })),
      raffles: raffleRows
        .filter((r) => r.programUid === p.uid)
        .map((r) => ({
          key: r.key,
          name: r.name,
          description: r.description,
          image: r.image,
          prize: r.prize,
          starts_at: instant(r.startsAt),
          ends_at: instant(r.endsAt),
          draw_at: instant(r.drawAt),
          is_active: r.isActive,
        })),
      polls: pollRows
        .filter((x) => x.programUid === p.uid)
        .map((x) => ({
          key: x.key,
          title: x.title,
          description: x.description,
          image: x.image,
          starts_at: instant(x.startsAt),
          ends_at: instant(x.endsAt),
          is_active: x.isActive,
          questions: questionRows
            .filter((q) => q.pollUid === x.uid)
            .map((q, i) => ({
              key: keyOr(q.key, 'question', i),
              text: q.text,
              kind: q.kind,
              options: pollOptionRows
                .filter((o) => o.questionUid === q.uid)
                .map((o, j) => ({ key: keyOr(o.key, 'option', j), text: o.text })),
            })),
        })),
      sections: sectionRows.filter((b) => b.programUid === p.uid).map(block),
      ads: programAdRows.filter((b) => b.programUid === p.uid).map(block),
      members: memberRows
        .filter((m) => m.programUid === p.uid && email.has(m.userUid))
        .map((m) => ({
          user: email.get(m.userUid)!,
          ledger: ledgerRows
            .filter((l) => l.programUid === p.uid && l.userUid === m.userUid)
            .map((l) => ({
              key: l.reference!.slice('tenant-file:'.length),
              currency: l.currency,
              amount: Number(l.amount),
              kind: l.kind,
              reason: l.reason,
            }))
            .sort(byKey),
        }))
        .sort((a, b) => a.user.localeCompare(b.user)),
    })),
    events: eventRows
      .map((e) => ({
        key: e.key,
        company: companyKey.get(e.companyUid)!,
        name: e.name,
        description: e.description,
        image: e.image,
        place: e.placeUid ? (placeKey.get(e.placeUid) ?? null) : null,
        location: e.location,
        start_date: e.startDate,
        start_time: e.startTime,
        end_date: e.endDate,
        end_time: e.endTime,
        link: e.link,
        is_active: e.isActive,
      }))
      .sort(byKey),
  };
}
