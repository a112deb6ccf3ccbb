import type { AdminProgram, AdminProgramCreate } from '@store/contract/admin/programs';

// The program form's values: from the API's program, to the request body, and the server's
// field names its errors land on.

export type Block = {
  uid?: string;
  title: string;
  image: string | null;
  link: string;
  is_active: boolean;
};
export type Values = {
  name: string;
  description: string;
  image: string | null;
  points_enabled: boolean;
  coins_enabled: boolean;
  stamps_enabled: boolean;
  add_points_enabled: boolean;
  open_to_join: boolean;
  staff_confirms_redemptions: boolean;
  order_points_per_sol: string;
  points_expire_after_days: string;
  is_active: boolean;
  levels: { name: string; min_points: string; benefits: string }[];
  sections: Block[];
  ads: Block[];
};

const BLOCK_FIELDS = ['uid', 'title', 'image', 'link', 'is_active'];
/** The server's field names (dotted for list rows), so its 400s land beside the right input. */
export const FIELDS = [
  'name',
  'description',
  'image',
  'points_enabled',
  'coins_enabled',
  'stamps_enabled',
  'add_points_enabled',
  'open_to_join',
  'staff_confirms_redemptions',
  'order_points_per_sol',
  'points_expire_after_days',
  'is_active',
  'levels',
  'sections',
  'ads',
  ...Array.from({ length: 20 }, (_, i) =>
    ['name', 'min_points', 'benefits'].map((f) => `levels.${i}.${f}`),
  ).flat(),
  ...(['sections', 'ads'] as const).flatMap((list) =>
    Array.from({ length: 30 }, (_, i) => BLOCK_FIELDS.map((f) => `${list}.${i}.${f}`)).flat(),
  ),
];

export const EMPTY: Values = {
  name: '',
  description: '',
  image: null,
  points_enabled: true,
  coins_enabled: false,
  stamps_enabled: false,
  add_points_enabled: false,
  open_to_join: true,
  staff_confirms_redemptions: false,
  order_points_per_sol: '1',
  points_expire_after_days: '',
  is_active: true,
  levels: [],
  sections: [],
  ads: [],
};

export function valuesOf(p: AdminProgram): Values {
  const block = (b: AdminProgram['sections'][number]): Block => ({ ...b, link: b.link ?? '' });
  return {
    name: p.name,
    description: p.description,
    image: p.image,
    points_enabled: p.points_enabled,
    coins_enabled: p.coins_enabled,
    stamps_enabled: p.stamps_enabled,
    add_points_enabled: p.add_points_enabled,
    open_to_join: p.open_to_join,
    staff_confirms_redemptions: p.staff_confirms_redemptions,
    order_points_per_sol: String(p.order_points_per_sol),
    points_expire_after_days:
      p.points_expire_after_days === null ? '' : String(p.points_expire_after_days),
    is_active: p.is_active,
    levels: p.levels.map((l) => ({ ...l, min_points: String(l.min_points) })),
    sections: p.sections.map(block),
    ads: p.ads.map(block),
  };
}

/** A typed whole number; anything else goes as NaN for the server to name the field. */
const whole = (v: string) => (v.trim() === '' ? NaN : Number(v.trim()));

export function bodyOf(v: Values): AdminProgramCreate {
  const block = (b: Block) => ({
    ...(b.uid ? { uid: b.uid } : {}),
    title: b.title,
    image: b.image,
    link: b.link.trim() || null,
    is_active: b.is_active,
  });
  return {
    name: v.name,
    description: v.description,
    image: v.image,
    points_enabled: v.points_enabled,
    coins_enabled: v.coins_enabled,
    stamps_enabled: v.stamps_enabled,
    add_points_enabled: v.add_points_enabled,
    open_to_join: v.open_to_join,
    staff_confirms_redemptions: v.staff_confirms_redemptions,
    order_points_per_sol: whole(v.order_points_per_sol),
    points_expire_after_days:
      v.points_expire_after_days.trim() === '' ? null : whole(v.points_expire_after_days),
    is_active: v.is_active,
    levels: v.levels.map((l) => ({ ...l, min_points: whole(l.min_points) })),
    sections: v.sections.map(block),
    ads: v.ads.map(block),
  };
}
