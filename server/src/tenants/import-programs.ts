import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { events, loyaltyLedger, programMembers, programs, promotionPlaces, promotions, users } from '../db/schema';
import type { EventsSection, ProgramsSection } from './programs-schema';

type UidOf = (kind: string, key: string) => string;

/**
 * Programs and promotions are upserted; ones left out of the file are
 * switched off rather than deleted (redemptions point at them), and the units
 * of stock already taken are never touched. Members and their ledger lines are
 * added once: the ledger is append-only, so a line already imported stays as it is.
 */
export async function importPrograms(tx: Tx, list: ProgramsSection, appId: string, uidOf: UidOf) {
  const programUids = list.map((p) => uidOf('program', p.key));
  await tx
    .update(programs)
    .set({ isActive: false })
    .where(and(eq(programs.appId, appId), programUids.length ? notInArray(programs.uid, programUids) : undefined));
  for (const [position, p] of list.entries()) {
    const programUid = programUids[position];
    const row = {
      appId,
      uid: programUid,
      companyUid: uidOf('company', p.company),
      key: p.key,
      name: p.name,
      description: p.description,
      image: p.image,
      pointsEnabled: p.points_enabled,
      coinsEnabled: p.coins_enabled,
      stampsEnabled: p.stamps_enabled,
      addPointsEnabled: p.add_points_enabled,
      openToJoin: p.open_to_join,
      isActive: p.is_active,
      levels: [...p.levels].sort((a, b) => a.min_points - b.min_points),
      position,
    };
    await tx.insert(programs).values(row).onConflictDoUpdate({ target: [programs.appId, programs.uid], set: row });

    const promotionUids = p.promotions.map((x) => uidOf('promotion', `${p.key}/${x.key}`));
    await tx
      .update(promotions)
      .set({ isActive: false })
      .where(and(eq(promotions.appId, appId), eq(promotions.programUid, programUid), promotionUids.length ? notInArray(promotions.uid, promotionUids) : undefined));
    for (const [i, x] of p.promotions.entries()) {
      const values = {
        appId,
        uid: promotionUids[i],
        programUid,
        key: x.key,
        name: x.name,
        description: x.description,
        image: x.image,
        kind: x.kind,
        rateDiscountBp: x.rate_discount === null ? null : Math.round(x.rate_discount * 100),
        fixedDiscountCents: x.fixed_discount,
        specialPriceCents: x.special_price,
        giftCardAmountCents: x.gift_card_amount,
        stampsRequired: x.stamps_required,
        coinPrice: x.coin_price,
        stockTotal: x.stock,
        limitPerMember: x.limit_per_member,
        maxAmountCents: x.max_amount,
        startsAt: x.starts_at ? new Date(x.starts_at) : null,
        endsAt: x.ends_at ? new Date(x.ends_at) : null,
        tags: x.tags,
        featured: x.featured,
        isActive: x.is_active,
        position: i,
      };
      await tx.insert(promotions).values(values).onConflictDoUpdate({ target: [promotions.appId, promotions.uid], set: values });
      await tx.delete(promotionPlaces).where(and(eq(promotionPlaces.appId, appId), eq(promotionPlaces.promotionUid, values.uid)));
      if (x.places.length) {
        await tx.insert(promotionPlaces).values(x.places.map((place) => ({ appId, promotionUid: values.uid, placeUid: uidOf('place', place) })));
      }
    }

    if (p.members.length === 0) continue;
    const emails = p.members.map((m) => m.user);
    const found = await tx.select({ uid: users.uid, email: users.email }).from(users).where(and(eq(users.appId, appId), inArray(users.email, emails)));
    for (const m of p.members) {
      const user = found.find((u) => u.email === m.user);
      if (!user) throw new Error(`programs.${p.key}.members: no user with email ${m.user}`);
      await tx.insert(programMembers).values({ appId, programUid, userUid: user.uid }).onConflictDoNothing();
      if (m.ledger.length) {
        await tx
          .insert(loyaltyLedger)
          .values(
            m.ledger.map((line) => ({
              appId,
              uid: uidOf('ledger', `${p.key}/${m.user}/${line.key}`),
              programUid,
              userUid: user.uid,
              currency: line.currency,
              amount: line.amount,
              kind: line.kind,
              reason: line.reason,
              reference: `tenant-file:${line.key}`,
            })),
          )
          .onConflictDoNothing();
      }
    }
  }
}

/** Events follow the file: upserted, and those left out switched off. */
export async function importEvents(tx: Tx, list: EventsSection, appId: string, uidOf: UidOf) {
  const eventUids = list.map((e) => uidOf('event', e.key));
  await tx
    .update(events)
    .set({ isActive: false })
    .where(and(eq(events.appId, appId), eventUids.length ? notInArray(events.uid, eventUids) : undefined));
  for (const [i, e] of list.entries()) {
    const row = {
      appId,
      uid: eventUids[i],
      companyUid: uidOf('company', e.company),
      key: e.key,
      name: e.name,
      description: e.description,
      image: e.image,
      placeUid: e.place ? uidOf('place', e.place) : null,
      location: e.location,
      startDate: e.start_date,
      startTime: e.start_time,
      endDate: e.end_date,
      endTime: e.end_time,
      link: e.link,
      isActive: e.is_active,
    };
    await tx.insert(events).values(row).onConflictDoUpdate({ target: [events.appId, events.uid], set: row });
  }
}
