import { jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { users } from './accounts';
import { places } from './places';

/** What a stored cart line holds: references only; prices are read from the catalogue each time. */
export type StoredCartLine = {
  id: string;
  uid: string;
  quantity: number;
  direct_purchase: boolean;
  option_groups: { uid: string; options: { uid: string }[] }[];
};

/** A member's server cart at one place, kept as the member last posted it after checking. */
export const shoppingCarts = pgTable(
  'shopping_carts',
  {
    appId: uuid('app_id').notNull(),
    userUid: uuid('user_uid').notNull(),
    placeUid: uuid('place_uid').notNull(),
    lines: jsonb('lines').$type<StoredCartLine[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.userUid, t.placeUid] }),
    belongsTo(t.appId, t.userUid, users),
    belongsTo(t.appId, t.placeUid, places),
  ],
);
