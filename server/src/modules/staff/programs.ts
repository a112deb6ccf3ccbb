import { asc, eq } from 'drizzle-orm';
import { staffMessages } from '@store/contract';
import { companies, programs } from '../../db/schema';
import { ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import type { StaffScope } from '../../scope/scope';
import { ofTenant, sameTenant } from '../../scope/tenant-query';

export type ProgramRow = typeof programs.$inferSelect;

/** The company's programs visible on the app (active, benefit programs switched on), as the member side sees them. */
export async function companyPrograms(staff: StaffScope): Promise<ProgramRow[]> {
  const rows = await staff.db
    .select({ program: programs })
    .from(programs)
    .innerJoin(companies, sameTenant(companies, programs, eq(companies.uid, programs.companyUid)))
    .where(
      ofTenant(
        staff,
        programs,
        eq(programs.companyUid, staff.company.uid),
        eq(programs.isActive, true),
        eq(companies.benefitProgramsEnabled, true),
      ),
    )
    .orderBy(asc(programs.position), asc(programs.uid));
  return rows.map((r) => r.program);
}

/** A program of the company named in a body; another company's is a field error like an unknown one. */
export async function companyProgram(
  staff: StaffScope,
  programUid: string,
  field = 'program_uid',
): Promise<ProgramRow> {
  const list = await companyPrograms(staff);
  const found = isUid(programUid) ? list.find((p) => p.uid === programUid) : undefined;
  if (!found)
    throw new ValidationError(
      list.length === 0
        ? staffMessages.noBenefitsProgram
        : { [field]: [staffMessages.programNotFound] },
    );
  return found;
}
