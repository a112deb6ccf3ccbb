import { z } from 'zod';
import { catalogSection } from './catalog-schema';
import { eventsSection, programsSection } from './programs-schema';
import { tenantUser } from './users-schema';
import { checkStaffRefs, staffSection } from './staff-schema';
import {
  couponsSection,
  deliverySection,
  paymentMethodsSection,
  taxSection,
} from './checkout-schema';
import {
  closedHours,
  MAX_SHIFTS,
  weekdays,
  type Weekday,
  defaultLandingTextsShape,
  firebaseSettings,
  landingPageType,
  plainLine,
  landingSectionType,
  signinMethodType,
} from '@store/contract';

/**
 * The tenant file: everything an operator writes to open a store. Entities are
 * named by a `key` unique within the file; their uids derive from the app key
 * and that key, so importing the same file again updates the same rows.
 */
const key = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'use lowercase letters, digits and dashes')
  .max(64);
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #1b4bc6');
const url = z.string().max(2000);
const hours = z
  .object({ from: z.string().regex(/^\d{2}:\d{2}$/), to: z.string().regex(/^\d{2}:\d{2}$/) })
  .nullable();

const company = z.strictObject({
  key,
  name: z.string().min(1).max(200),
  parent: key.optional(),
  logo: url.nullable().default(null),
  logo_rectangle: url.nullable().default(null),
  cover: url.nullable().default(null),
  banner: url.nullable().default(null),
  description: z.string().max(5000).default(''),
  facebook_page: url.nullable().default(null),
  instagram_page: url.nullable().default(null),
  whatsapp_number: z
    .string()
    .regex(/^\+?\d{6,15}$/)
    .nullable()
    .default(null),
  ecommerce_enabled: z.boolean().default(true),
  subscription_enabled: z.boolean().default(false),
  benefit_programs_enabled: z.boolean().default(false),
  gamification_system: z.string().nullable().default(null),
  delivery_service: z.string().nullable().default(null),
  hidden_for_members: z.array(z.enum(['cart', 'store', 'program'])).default([]),
  currency: z
    .object({ code: z.string().length(3), symbol: z.string().min(1).max(8) })
    .default({ code: 'PEN', symbol: 'S/' }),
  categories: z.array(key).default([]),
  listed: z.boolean().default(true),
  payment_methods: paymentMethodsSection,
  tax: taxSection,
  coupons: couponsSection,
  ads: z
    .array(
      z.strictObject({
        key,
        title: z.string().min(1),
        image: url.nullable().default(null),
        link: url.nullable().default(null),
        is_active: z.boolean().default(true),
      }),
    )
    .default([]),
});

const landingButton = z.strictObject({ key, tittle: z.string(), link: z.string() });
const landingSection = z.strictObject({
  key,
  type: landingSectionType,
  is_active: z.boolean().default(true),
  tittle: z.string().default(''),
  content: z.string().default(''),
  link: url.nullable().default(null),
  buttons: z.array(landingButton).default([]),
  cards: z
    .array(
      z.strictObject({
        key,
        is_active: z.boolean().default(true),
        tittle: z.string().default(''),
        subtittle: z.string().default(''),
        content: z.string().default(''),
        color: color.nullable().default(null),
        buttons: z.array(landingButton).default([]),
        images: z
          .array(
            z.strictObject({
              image: url,
              spatial_position: z.enum(['LEFT', 'RIGHT']).default('LEFT'),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
  images: z
    .array(
      z.strictObject({
        key,
        image: url,
        link: url.nullable().default(null),
        is_active: z.boolean().default(true),
      }),
    )
    .default([]),
});

export const tenantFile = z
  .strictObject({
    app: z.strictObject({
      key,
      name: z.string().min(1).max(200),
      domain: z
        .string()
        .regex(/^[a-z0-9.-]+$/, 'a host name without scheme or port')
        .max(253),
      subdomain: z.string().max(63).optional(),
      api_key: z.string().min(16).max(128).optional(),
      logo: url.nullable().default(null),
      favicon: url.nullable().default(null),
      main_company: key,
      landing_page: z.boolean().default(false),
      landing_page_type: landingPageType.default('DEFAULT'),
      empty_page: z.boolean().default(false),
      allow_anonymous_navigation: z.boolean().default(true),
      allow_signup: z.boolean().default(true),
      marketplace: z.boolean().default(false),
      multisite: z.boolean().default(false),
      signin_methods: z
        .array(
          z.strictObject({
            type: signinMethodType,
            settings: z.record(z.string(), z.unknown()).default({}),
          }),
        )
        .default([{ type: 'EMAIL', settings: {} }]),
      countries: z.array(z.string().length(2)).default(['PE']),
      recaptcha_site_key: z.string().nullable().default(null),
      external_link: url.nullable().default(null),
      validate_document: z.boolean().default(false),
      validate_mobile_number: z.boolean().default(false),
      site: z
        .strictObject({
          faqs: z.string().nullable().default(null),
          privacy_policies: z.string().nullable().default(null),
          terms_and_conditions: z.string().nullable().default(null),
        })
        .default({ faqs: null, privacy_policies: null, terms_and_conditions: null }),
      firebase_settings: firebaseSettings.partial().nullable().default(null),
      site_firebase_settings: firebaseSettings.partial().nullable().default(null),
      colors: z
        .strictObject({ main_color: color, menu_color: color })
        .default({ main_color: '#1b4bc6', menu_color: '#ffffff' }),
      maintenance: z.boolean().default(false),
      events_enabled: z.boolean().default(false),
      /** The default landing's own texts (plain text; absent or empty: the built-in ones). */
      default_landing_texts: z
        .strictObject(
          defaultLandingTextsShape((max) => z.string().overwrite(plainLine).max(max).optional()),
        )
        .default({}),
      partner_deletion_prefix: key.nullable().default(null),
      /** Unpaid open orders (and, apart, active subscriptions) one member may hold at once. */
      max_unpaid_orders: z.number().int().min(1).max(1000).default(3),
      /** Minutes an order may wait for the store to accept it before it expires; 0: never. */
      order_acceptance_minutes: z
        .number()
        .int()
        .min(0)
        .max(30 * 24 * 60)
        .default(240),
    }),
    companies: z.array(company).min(1),
    categories: z
      .array(
        z.strictObject({
          key,
          name: z.string().min(1),
          image: url.nullable().default(null),
          color: color.nullable().default(null),
        }),
      )
      .default([]),
    areas: z
      .array(
        z.strictObject({
          key,
          name: z.string().min(1),
          country_code: z.string().length(2),
          /**
           * The district's outline, `[latitude, longitude]` vertices (3 to 1000, the last joins
           * the first): a delivery point outside the chosen area's outline is refused. Optional.
           */
          bounds: z
            .array(z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]))
            .min(3)
            .max(1000)
            .nullable()
            .default(null),
        }),
      )
      .default([]),
    places: z
      .array(
        z.strictObject({
          key,
          company: key,
          area: key,
          name: z.string().min(1),
          address: z.string().min(1),
          locality_name: z.string().default(''),
          telephone1: z.string().nullable().default(null),
          telephone2: z.string().nullable().default(null),
          latitude: z.number().min(-90).max(90).nullable().default(null),
          longitude: z.number().min(-180).max(180).nullable().default(null),
          uses_country_delivery_service: z.boolean().default(false),
          subscription_enabled: z.boolean().default(false),
          /** Pickup offered at checkout. */
          pickup_enabled: z.boolean().default(true),
          /** The owner closed the place for orders. */
          orders_paused: z.boolean().default(false),
          delivery: deliverySection,
          /**
           * The opening hours (`days` with each weekday's shifts, `closures`), or the spec's
           * one-range timetable of older files (Monday's hours serve Monday to Friday); the
           * importer stores the opening hours either way.
           */
          timetable: z
            .union([
              // The file may say all day as 00:00-00:00, as its one-range form always could.
              z.strictObject({
                days: z.strictObject(
                  Object.fromEntries(
                    weekdays.map((d) => [d, z.array(hours.unwrap()).max(MAX_SHIFTS)]),
                  ) as Record<
                    Weekday,
                    z.ZodArray<NonNullable<typeof hours>['_zod']['def']['innerType']>
                  >,
                ),
                closures: z
                  .array(
                    z.strictObject({ date: z.iso.date(), note: z.string().max(80).default('') }),
                  )
                  .default([]),
                extra_note: z.string().default(''),
              }),
              z.strictObject({
                monday: hours.default(null),
                saturday: hours.default(null),
                sunday: hours.default(null),
                extra_note: z.string().default(''),
              }),
            ])
            .default(closedHours),
        }),
      )
      .default([]),
    landing: z.strictObject({ sections: z.array(landingSection) }).default({ sections: [] }),
    catalog: catalogSection.default({ categories: [], products: [] }),
    users: z.array(tenantUser).default([]),
    staff: staffSection,
    programs: programsSection,
    events: eventsSection,
  })
  .superRefine((file, ctx) => {
    // Cross-references by key: each must name something the file defines.
    const companyKeys = new Set(file.companies.map((c) => c.key));
    const categoryKeys = new Set(file.categories.map((c) => c.key));
    const areaKeys = new Set(file.areas.map((a) => a.key));
    const unknown = (path: (string | number)[], what: string, value: string) =>
      ctx.addIssue({
        code: 'custom',
        path,
        message: `no ${what} with key "${value}" in this file`,
      });
    if (!companyKeys.has(file.app.main_company))
      unknown(['app', 'main_company'], 'company', file.app.main_company);
    file.companies.forEach((c, i) => {
      if (c.parent && !companyKeys.has(c.parent))
        unknown(['companies', i, 'parent'], 'company', c.parent);
      c.categories.forEach((cat, j) => {
        if (!categoryKeys.has(cat)) unknown(['companies', i, 'categories', j], 'category', cat);
      });
    });
    file.places.forEach((p, i) => {
      if (!companyKeys.has(p.company)) unknown(['places', i, 'company'], 'company', p.company);
      if (!areaKeys.has(p.area)) unknown(['places', i, 'area'], 'area', p.area);
      // The back office's rule (placeIssues): a place offers pickup or delivery.
      if (!p.pickup_enabled && !p.delivery?.enabled)
        ctx.addIssue({
          code: 'custom',
          path: ['places', i, 'pickup_enabled'],
          message: 'a place without pickup needs delivery enabled',
        });
    });
    const placeKeys = new Set(file.places.map((p) => p.key));
    const productCategoryKeys = new Set(file.catalog.categories.map((c) => c.key));
    file.catalog.categories.forEach((c, i) => {
      if (!companyKeys.has(c.company))
        unknown(['catalog', 'categories', i, 'company'], 'company', c.company);
    });
    file.catalog.products.forEach((p, i) => {
      if (!companyKeys.has(p.company))
        unknown(['catalog', 'products', i, 'company'], 'company', p.company);
      if (p.category && !productCategoryKeys.has(p.category))
        unknown(['catalog', 'products', i, 'category'], 'product category', p.category);
      for (const placeKey of Object.keys(p.places)) {
        if (!placeKeys.has(placeKey))
          unknown(['catalog', 'products', i, 'places', placeKey], 'place', placeKey);
      }
    });
    file.programs.forEach((p, i) => {
      if (!companyKeys.has(p.company)) unknown(['programs', i, 'company'], 'company', p.company);
      p.promotions.forEach((x, j) =>
        x.places.forEach(
          (place, k) =>
            placeKeys.has(place) ||
            unknown(['programs', i, 'promotions', j, 'places', k], 'place', place),
        ),
      );
    });
    checkStaffRefs(file, ctx);
    file.events.forEach((e, i) => {
      if (!companyKeys.has(e.company)) unknown(['events', i, 'company'], 'company', e.company);
      if (e.place && !placeKeys.has(e.place)) unknown(['events', i, 'place'], 'place', e.place);
    });
    for (const [name, list] of [
      ['companies', file.companies],
      ['categories', file.categories],
      ['areas', file.areas],
      ['places', file.places],
      ['landing.sections', file.landing.sections],
      ['catalog.categories', file.catalog.categories],
      ['catalog.products', file.catalog.products],
      ['programs', file.programs],
      ['events', file.events],
    ] as const) {
      const seen = new Set<string>();
      list.forEach((item, i) => {
        if (seen.has(item.key))
          ctx.addIssue({
            code: 'custom',
            path: [...name.split('.'), i, 'key'],
            message: `duplicate key "${item.key}"`,
          });
        seen.add(item.key);
      });
    }
  });

export type TenantFile = z.infer<typeof tenantFile>;
