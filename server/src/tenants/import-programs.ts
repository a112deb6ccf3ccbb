import { eq, inArray, notInArray, notLike, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  events,
  loyaltyLedger,
  pollOptions,
  pollQuestions,
  polls,
  programAds,
  programMembers,
  programs,
  programSections,
  promotionPlaces,
  promotions,
  raffles,
  users,
} from '../db/schema';
import type { EventsSection, ProgramsSection } from './programs-schema';
import { ofTenant, tenantRef } from '../scope/tenant-query';
import { unlistedRows, upsertByUid, upsertVersionedByUid } from './import-rows';

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
    .where(
      ofTenant(
        tenantRef(appId),
        programs,
        programUids.length ? notInArray(programs.uid, programUids) : undefined,
      ),
    );
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
      orderPointsPerSol: p.order_points_per_sol,
      pointsExpireAfterDays: p.points_expire_after_days,
      isActive: p.is_active,
      staffConfirmsRedemptions: p.staff_confirms_redemptions,
      levels: [...p.levels].sort((a, b) => a.min_points - b.min_points),
      position,
    };
    await upsertVersionedByUid(tx, programs, row);

    const promotionUids = p.promotions.map((x) => uidOf('promotion', `${p.key}/${x.key}`));
    await tx
      .update(promotions)
      .set({ isActive: false })
      .where(unlistedRows(appId, promotions, promotions.programUid, programUid, promotionUids));
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
        priceCents: x.price,
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
      await upsertVersionedByUid(tx, promotions, values);
      await tx
        .delete(promotionPlaces)
        .where(
          ofTenant(tenantRef(appId), promotionPlaces, eq(promotionPlaces.promotionUid, values.uid)),
        );
      if (x.places.length) {
        await tx.insert(promotionPlaces).values(
          x.places.map((place) => ({
            appId,
            promotionUid: values.uid,
            placeUid: uidOf('place', place),
          })),
        );
      }
    }

    await importProgramExtras(tx, p, appId, programUid, uidOf);

    if (p.members.length === 0) continue;
    const emails = p.members.map((m) => m.user);
    const found = await tx
      .select({ uid: users.uid, email: users.email })
      .from(users)
      .where(ofTenant(tenantRef(appId), users, inArray(users.email, emails)));
    for (const m of p.members) {
      const user = found.find((u) => u.email === m.user);
      if (!user) throw new Error(`programs.${p.key}.members: no user with email ${m.user}`);
      await tx
        .insert(programMembers)
        .values({ appId, programUid, userUid: user.uid })
        .onConflictDoNothing();
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
              // Earned points expire by the program's rule, counted from their import.
              expiresAt:
                line.kind === 'earn' && line.currency === 'POINTS' && p.points_expire_after_days
                  ? new Date(Date.now() + p.points_expire_after_days * 86_400_000)
                  : null,
            })),
          )
          .onConflictDoNothing();
      }
    }
  }
}

/**
 * Events follow the file: upserted, and those left out switched off, except the back office's
 * (key "admin-…"): a file that does not name them leaves them as they are. A rewritten event's
 * version moves, so an editor open on it gets the 409.
 */
export async function importEvents(tx: Tx, list: EventsSection, appId: string, uidOf: UidOf) {
  const eventUids = list.map((e) => uidOf('event', e.key));
  await tx
    .update(events)
    .set({ isActive: false, version: sql`${events.version} + 1` })
    .where(
      ofTenant(
        tenantRef(appId),
        events,
        eq(events.isActive, true),
        notLike(events.key, 'admin-%'),
        eventUids.length ? notInArray(events.uid, eventUids) : undefined,
      ),
    );
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
    await upsertVersionedByUid(tx, events, row);
  }
}

/**
 * Raffles, polls, sections and ads of a program follow the file: upserted by
 * key, those left out switched off (members' registrations and answers point
 * at them). A poll's questions and options are upserted too; ones left out are
 * deleted only while nobody has answered (answers cascade otherwise, so a
 * change of questions after answers is refused).
 */
async function importProgramExtras(
  tx: Tx,
  p: ProgramsSection[number],
  appId: string,
  programUid: string,
  uidOf: UidOf,
) {
  const raffleUids = p.raffles.map((r) => uidOf('raffle', `${p.key}/${r.key}`));
  await tx
    .update(raffles)
    .set({ isActive: false, version: sql`${raffles.version} + 1` })
    .where(shownFileRowsUnlisted(appId, raffles, programUid, raffleUids));
  for (const [i, r] of p.raffles.entries()) {
    const row = {
      appId,
      uid: raffleUids[i],
      programUid,
      key: r.key,
      name: r.name,
      description: r.description,
      image: r.image,
      prize: r.prize,
      startsAt: r.starts_at ? new Date(r.starts_at) : null,
      endsAt: r.ends_at ? new Date(r.ends_at) : null,
      drawAt: r.draw_at ? new Date(r.draw_at) : null,
      isActive: r.is_active,
      position: i,
    };
    await upsertVersionedByUid(tx, raffles, row);
  }

  const pollUids = p.polls.map((x) => uidOf('poll', `${p.key}/${x.key}`));
  await tx
    .update(polls)
    .set({ isActive: false, version: sql`${polls.version} + 1` })
    .where(shownFileRowsUnlisted(appId, polls, programUid, pollUids));
  for (const [i, x] of p.polls.entries()) {
    const row = {
      appId,
      uid: pollUids[i],
      programUid,
      key: x.key,
      title: x.title,
      description: x.description,
      image: x.image,
      startsAt: x.starts_at ? new Date(x.starts_at) : null,
      endsAt: x.ends_at ? new Date(x.ends_at) : null,
      isActive: x.is_active,
      position: i,
    };
    await upsertVersionedByUid(tx, polls, row);
    const questionUids = x.questions.map((q) =>
      uidOf('poll-question', `${p.key}/${x.key}/${q.key}`),
    );
    await tx
      .delete(pollQuestions)
      .where(unlistedRows(appId, pollQuestions, pollQuestions.pollUid, row.uid, questionUids));
    for (const [j, q] of x.questions.entries()) {
      const question = {
        appId,
        uid: questionUids[j],
        pollUid: row.uid,
        key: q.key,
        text: q.text,
        kind: q.kind,
        position: j,
      };
      await upsertByUid(tx, pollQuestions, question);
      const optionUids = q.options.map((o) =>
        uidOf('poll-option', `${p.key}/${x.key}/${q.key}/${o.key}`),
      );
      await tx
        .delete(pollOptions)
        .where(unlistedRows(appId, pollOptions, pollOptions.questionUid, question.uid, optionUids));
      for (const [k, o] of q.options.entries()) {
        const option = {
          appId,
          uid: optionUids[k],
          questionUid: question.uid,
          key: o.key,
          text: o.text,
          position: k,
        };
        await upsertByUid(tx, pollOptions, option);
      }
    }
  }

  for (const [table, list, kind] of [
    [programSections, p.sections, 'program-section'],
    [programAds, p.ads, 'program-ad'],
  ] as const) {
    const uids = list.map((b) => uidOf(kind, `${p.key}/${b.key}`));
    await tx
      .update(table)
      .set({ isActive: false })
      .where(unlistedRows(appId, table, table.programUid, programUid, uids));
    for (const [i, b] of list.entries()) {
      const row = {
        appId,
        uid: uids[i],
        programUid,
        key: b.key,
        title: b.title,
        image: b.image,
        link: b.link,
        isActive: b.is_active,
        position: i,
      };
      await upsertByUid(tx, table, row);
    }
  }
}

/**
 * A program's raffles or polls that the file no longer lists and that are still shown: the ones a
 * re-import switches off. The back office's own (key "admin-…") are not the file's: it leaves
 * them be.
 */
function shownFileRowsUnlisted(
  appId: string,
  table: typeof raffles | typeof polls,
  programUid: string,
  listedUids: string[],
): SQL {
  return unlistedRows(
    appId,
    table,
    table.programUid,
    programUid,
    listedUids,
    eq(table.isActive, true),
    notLike(table.key, 'admin-%'),
  );
}
