import { asc, count, eq } from 'drizzle-orm';
import type { ProgramBlock } from '@store/contract';
import { programAds, programSections } from '../../db/schema';
import type { PageWindow } from '../../lib/pagination';
import { findProgram } from '../programs/service';
import { ofTenant } from '../../scope/tenant-query';
import type { Scope } from '../../scope/scope';

/** Sections or ads of a program page: the active ones, in position order. */
export async function listBlocks(
  scope: Scope,
  programUid: string,
  which: 'sections' | 'ads',
  window: PageWindow,
) {
  const { db, app } = scope;
  const program = await findProgram(db, app, programUid);
  const table = which === 'sections' ? programSections : programAds;
  const where = ofTenant(
    scope,
    table,
    eq(table.programUid, program.program.uid),
    eq(table.isActive, true),
  );
  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(table).where(where),
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(asc(table.position), asc(table.uid))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  const results: ProgramBlock[] = rows.map((r) => ({
    uid: r.uid,
    title: r.title,
    image: r.image,
    link: r.link,
    position: r.position,
  }));
  return { count: Number(total[0]?.n ?? 0), results };
}
