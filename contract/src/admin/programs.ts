import { z } from 'zod';
import { messagesOf } from '../errors/entry';
import { adminProgramsErrors } from '../errors/admin-programs';
import { formMessages } from '../messages';
import { pageQuery } from '../http/paged';
import { requiredText } from '../forms/zod';
import { versionField } from './schemas';

/**
 * The programs of the back office (`/api/v5/admin/programs/...`, area `loyalty`: OWNER only)
 * and the company's ads (`/api/v5/admin/ads/...`, area `marketing`: OWNER and MANAGER).
 * A program's sections and ads are edited with the program (one form, one version); the
 * store reads the same rows (`v5/me/programs/{uid}/sections/`, `.../ads/`, `v5/companies/{uid}/ads`).
 */
export const adminProgramsMessages = /* @__PURE__ */ messagesOf('admin', adminProgramsErrors);

const text = (max: number) =>
  z.string({ error: formMessages.required }).trim().max(max, formMessages.tooLong);

/** An absolute http(s) URL or a path of the store's own files (uploads, demo images). */
const imageUrl = () =>
  z
    .string({ error: formMessages.url })
    .trim()
    .max(500, formMessages.tooLong)
    .regex(/^(https?:\/\/[^\s"'<>]+|\/(?![/\\])[^\s"'<>]*)$/, formMessages.url)
    .nullable();

/** Where an ad or section leads: an http(s) address, a path of the store or an anchor of the page; never `javascript:` or another origin's `//host`. */
export const adminLink = () =>
  z
    .string({ error: adminProgramsMessages.linkInvalid as string })
    .trim()
    .max(500, formMessages.tooLong)
    // An anchor of the same page (`#promociones`) is what the demo's program sections use.
    .regex(
      /^(https?:\/\/[^\s"'<>]+|\/(?![/\\])[^\s"'<>]*|#[\w-]+)$/,
      adminProgramsMessages.linkInvalid as string,
    )
    .nullable();

const flag = () => z.boolean({ error: formMessages.invalid });

const count = (max: number) =>
  z
    .number({ error: formMessages.numeric })
    .int(formMessages.numeric)
    .min(0, formMessages.positiveNumber)
    .max(max, formMessages.tooBig);

export const adminProgramLevelInput = z
  .object({
    name: requiredText(100),
    min_points: count(10_000_000),
    benefits: text(500),
  })
  .strict();

/** A section or an ad of a program page; `uid` names one the program has, none: a new one. */
export const adminProgramBlockInput = z
  .object({
    uid: z.string().optional(),
    title: requiredText(200),
    image: imageUrl(),
    link: adminLink(),
    is_active: flag(),
  })
  .strict();
export type AdminProgramBlockInput = z.infer<typeof adminProgramBlockInput>;

/**
 * Levels in ascending order of points, no two at the same threshold (a member's level is the
 * highest one their points reach, so an equal or lower threshold would hide a level), names unique.
 */
function checkLevels(
  levels: { name: string; min_points: number }[],
  ctx: z.RefinementCtx,
  pointsEnabled: boolean,
) {
  if (levels.length && !pointsEnabled)
    ctx.addIssue({
      code: 'custom',
      path: ['levels'],
      message: adminProgramsMessages.programLevelsNeedPoints,
    });
  const names = new Set<string>();
  levels.forEach((level, i) => {
    if (i > 0 && level.min_points <= levels[i - 1].min_points)
      ctx.addIssue({
        code: 'custom',
        path: ['levels', i, 'min_points'],
        message: adminProgramsMessages.programLevelsAscending,
      });
    const name = level.name.toLowerCase();
    if (names.has(name))
      ctx.addIssue({
        code: 'custom',
        path: ['levels', i, 'name'],
        message: adminProgramsMessages.programLevelNameTaken,
      });
    names.add(name);
  });
}

export const adminProgramFields = z
  .object({
    name: requiredText(200),
    description: text(5000),
    image: imageUrl(),
    points_enabled: flag(),
    coins_enabled: flag(),
    stamps_enabled: flag(),
    /** Staff may add points by hand at the counter. */
    add_points_enabled: flag(),
    /** Members join by themselves; otherwise only staff or the tenant file enrol them. */
    open_to_join: flag(),
    /** Points per sol of a delivered order's subtotal; a change counts for orders delivered after it. */
    order_points_per_sol: count(1000),
    /** Points earned more than this many days ago expire (FIFO); null: never. */
    points_expire_after_days: z
      .number({ error: formMessages.numeric })
      .int(formMessages.numeric)
      .min(1, formMessages.tooSmall)
      .max(36500, formMessages.tooBig)
      .nullable(),
    is_active: flag(),
    /**
     * Only staff mark a member's unit used (scanning the member's QR or typing their code); the
     * member's own confirmation at the venue is refused. Absent: false on create, unchanged on save.
     */
    staff_confirms_redemptions: flag().optional(),
    levels: z.array(adminProgramLevelInput).max(20, formMessages.tooBig),
    sections: z.array(adminProgramBlockInput).max(30, formMessages.tooBig),
    ads: z.array(adminProgramBlockInput).max(30, formMessages.tooBig),
  })
  .strict();

function programRules(p: z.infer<typeof adminProgramFields>, ctx: z.RefinementCtx) {
  if (!p.points_enabled && !p.coins_enabled && !p.stamps_enabled)
    ctx.addIssue({
      code: 'custom',
      path: ['points_enabled'],
      message: adminProgramsMessages.programNoCurrency,
    });
  checkLevels(p.levels, ctx, p.points_enabled);
}

/** `POST v5/admin/programs/`: a new program. */
export const adminProgramCreate = adminProgramFields.superRefine(programRules);
export type AdminProgramCreate = z.infer<typeof adminProgramCreate>;

/** `PATCH v5/admin/programs/{uid}/`: the whole program as the form has it, with the version it was read at. */
export const adminProgramInput = adminProgramFields
  .extend({ version: versionField() })
  .strict()
  .superRefine(programRules);
export type AdminProgramInput = z.infer<typeof adminProgramInput>;

export const adminProgramBlock = z.object({
  uid: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  link: z.string().nullable(),
  is_active: z.boolean(),
});

export const adminProgram = z.object({
  uid: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  points_enabled: z.boolean(),
  coins_enabled: z.boolean(),
  stamps_enabled: z.boolean(),
  add_points_enabled: z.boolean(),
  open_to_join: z.boolean(),
  order_points_per_sol: z.number().int(),
  points_expire_after_days: z.number().int().nullable(),
  is_active: z.boolean(),
  staff_confirms_redemptions: z.boolean(),
  levels: z.array(
    z.object({ name: z.string(), min_points: z.number().int(), benefits: z.string() }),
  ),
  sections: z.array(adminProgramBlock),
  ads: z.array(adminProgramBlock),
  /** Members enrolled: a program with members is switched off, never deleted. */
  members: z.number().int(),
  version: z.number().int(),
});
export type AdminProgram = z.infer<typeof adminProgram>;

export const adminProgramSummary = adminProgram.omit({
  description: true,
  levels: true,
  sections: true,
  ads: true,
});
export type AdminProgramSummary = z.infer<typeof adminProgramSummary>;

/** `GET v5/admin/programs/?q=&active=&page=`. */
export const adminProgramQuery = pageQuery.extend({
  q: z.string().trim().max(80).optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type AdminProgramQuery = z.infer<typeof adminProgramQuery>;

/** `DELETE v5/admin/programs/{uid}/?version=`. */
export const adminVersionQuery = z.object({ version: z.coerce.number().int().min(1) });

// ---------------------------------------------------------------------------------------
// Company ads

export const adminAdFields = z
  .object({
    title: requiredText(200),
    image: imageUrl(),
    link: adminLink(),
    /** Lower first, as the store lists them. */
    position: count(10_000),
    is_active: flag(),
  })
  .strict();
export type AdminAdFields = z.infer<typeof adminAdFields>;

export const adminAdInput = adminAdFields.extend({ version: versionField() }).strict();
export type AdminAdInput = z.infer<typeof adminAdInput>;

export const adminAd = z.object({
  uid: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  link: z.string().nullable(),
  position: z.number().int(),
  is_active: z.boolean(),
  version: z.number().int(),
});
export type AdminAd = z.infer<typeof adminAd>;

/** `GET v5/admin/ads/?q=&active=&page=`. */
export const adminAdQuery = pageQuery.extend({
  q: z.string().trim().max(80).optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type AdminAdQuery = z.infer<typeof adminAdQuery>;
