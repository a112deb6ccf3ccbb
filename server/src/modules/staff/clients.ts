import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  normaliseMobileNumber,
  staffMessages,
  type DocumentType,
  type Promotion,
  type StaffClient,
  type staffCreateClientInput,
  type staffClientQuery,
} from '@store/contract';
import type { z } from 'zod';
import { orders, programMembers, programs, users } from '../../db/schema';
import type { UserRow } from '../../plugins/auth';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import { balancesOf, ensureMember } from '../programs/ledger';
import { levelFor } from '../programs/service';
import { verifyMemberQr } from '../programs/qr';
import { listPromotions } from '../promotions/service';
import { asTakenError, takenIdentityErrors } from '../auth/users';
import type { StaffScope } from '../../scope/scope';
import { companyProgram, companyPrograms } from './programs';
import { ofTenant, sameTenant } from '../../scope/tenant-query';

/**
 * A client of the company: a user of the app who is a member of one of the
 * company's programs or has ordered from it. Staff of one company never find
 * the other users of the tenant (a multisite app shares its users).
 */
function clientOfCompany(staff: StaffScope): SQL {
  const companyUid = staff.company.uid;
  // Each sub-select names the app itself (ofTenant), not only through users: under an OR, Citus
  // cannot carry users.app_id = $1 into the EXISTS and would send the query to every shard.
  // `OFFSET 0` keeps each EXISTS a probe for the one user found: without it PostgreSQL may
  // answer the membership by hashing every member of the program first (it misjudges how many
  // there are), 94 ms for a store of 100,000 members against 0.3 ms (docs/scaling.md, 10^7).
  return sql`(EXISTS (SELECT 1 FROM ${programMembers} INNER JOIN ${programs} ON ${sameTenant(programs, programMembers)} AND ${programs.uid} = ${programMembers.programUid}
                WHERE ${ofTenant(staff, programMembers, sameTenant(programMembers, users))} AND ${programMembers.userUid} = ${users.uid} AND ${programs.companyUid} = ${companyUid} OFFSET 0)
           OR EXISTS (SELECT 1 FROM ${orders} WHERE ${ofTenant(staff, orders, sameTenant(orders, users))} AND ${orders.userUid} = ${users.uid} AND ${orders.companyUid} = ${companyUid} OFFSET 0))`;
}

/** The client with their standing in each of the company's programs they belong to. */
export async function clientToApi(staff: StaffScope, user: UserRow): Promise<StaffClient> {
  const { db } = staff;
  const list = await companyPrograms(staff);
  const joined = list.length
    ? await db
        .select({ programUid: programMembers.programUid })
        .from(programMembers)
        .where(
          ofTenant(
            staff,
            programMembers,
            eq(programMembers.userUid, user.uid),
            inArray(
              programMembers.programUid,
              list.map((p) => p.uid),
            ),
          ),
        )
    : [];
  const memberships = await Promise.all(
    list
      .filter((p) => joined.some((j) => j.programUid === p.uid))
      .map(async (p) => {
        const b = await balancesOf(db, staff.app.uid, p.uid, user.uid);
        return {
          program_uid: p.uid,
          program_name: p.name,
          ...b,
          level: levelFor(p.levels, b.points).current?.name ?? null,
        };
      }),
  );
  return {
    uid: user.uid,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    mobile_phone: user.mobileNumber,
    document_type: (user.documentType as DocumentType | null) ?? null,
    document_number: user.documentNumber,
    memberships,
  };
}

/** A client of the company by uid (bodies name clients this way); anyone else is not found. */
export async function findClient(staff: StaffScope, clientUid: string): Promise<UserRow> {
  const { db } = staff;
  if (!isUid(clientUid)) throw new NotFoundError(staffMessages.clientNotFound);
  const [row] = await db
    .select()
    .from(users)
    .where(ofTenant(staff, users, eq(users.uid, clientUid), clientOfCompany(staff)));
  if (!row) throw new NotFoundError(staffMessages.clientNotFound);
  return row;
}

/**
 * Look-up by document (type and number) or by mobile phone. A phone with its
 * country code matches exactly; digits alone match any number ending in them
 * after a dial code, so 987650001 finds +51987650001 and +593987650001 and the
 * spec's "more than one user" message asks for the document instead.
 */
export async function lookupClient(
  staff: StaffScope,
  query: z.infer<typeof staffClientQuery>,
): Promise<StaffClient> {
  let where: SQL;
  if (query.mobile_phone) {
    const compact = query.mobile_phone.replace(/[\s\-()]/g, '');
    const digits = compact.replace(/\D/g, '');
    // Without its country code: a number ending in the digits typed, found as the numbers whose
    // reversed text starts with them (one range of users_mobile_reversed_idx; ':' sorts right
    // after '9' in the "C" collation), then checked to be exactly a dial code and those digits.
    const reversed = [...digits].reverse().join('');
    where = compact.startsWith('+')
      ? eq(users.mobileNumber, normaliseMobileNumber(compact))
      : and(
          sql`(reverse(${users.mobileNumber}) COLLATE "C") >= ${reversed}`,
          sql`(reverse(${users.mobileNumber}) COLLATE "C") < ${`${reversed}:`}`,
          sql`${users.mobileNumber} ~ ${`^\\+\\d{1,4}${digits}$`}`,
        )!;
  } else {
    where = and(
      eq(users.documentType, query.document_type!),
      eq(users.documentNumber, query.document_number!),
    )!;
  }
  const rows = await staff.db
    .select()
    .from(users)
    .where(ofTenant(staff, users, where, clientOfCompany(staff)))
    .limit(2);
  if (rows.length === 0) throw new NotFoundError(staffMessages.clientNotFound);
  if (rows.length > 1) throw new ValidationError({ mobile_phone: [staffMessages.duplicatePhone] });
  return clientToApi(staff, rows[0]);
}

/** The member QR, scanned or pasted: signed by this server, not expired, of this app and of a program of the company. */
export async function clientFromQr(staff: StaffScope, code: string): Promise<StaffClient> {
  const check = verifyMemberQr(code);
  if (!check.valid)
    throw new ValidationError({
      code: [check.reason === 'expired' ? staffMessages.qrExpired : staffMessages.qrInvalid],
    });
  const list = await companyPrograms(staff);
  if (check.appUid !== staff.app.uid || !list.some((p) => p.uid === check.programUid))
    throw new ValidationError({ code: [staffMessages.qrInvalid] });
  const user = await findClient(staff, check.userUid).catch(() => {
    throw new ValidationError({ code: [staffMessages.qrInvalid] });
  });
  return clientToApi(staff, user);
}

/**
 * Creates a user at the counter and enrols them in a program of the company.
 * A person whose document already has an account is enrolled as they are
 * (200, their data untouched) only when they are already a client of the
 * company; anyone else's account is a 400 on the document, so the counter
 * never reads another company's user's email or phone.
 * New accounts have no password; the person sets one with "forgot password".
 */
export async function createClient(
  staff: StaffScope,
  input: z.infer<typeof staffCreateClientInput>,
) {
  const program = await companyProgram(staff, input.program_uid);
  const document = { type: input.document_type, number: input.document_number };
  const [existing] = await staff.db
    .select()
    .from(users)
    .where(
      ofTenant(
        staff,
        users,
        eq(users.documentType, document.type),
        eq(users.documentNumber, document.number),
      ),
    );
  if (existing) {
    // Only someone already a client of this company is answered (and enrolled): anyone
    // else's email and phone are not for this counter, nor is enrolling them unasked.
    const [known] = await staff.db
      .select({ uid: users.uid })
      .from(users)
      .where(ofTenant(staff, users, eq(users.uid, existing.uid), clientOfCompany(staff)));
    if (!known) throw new ValidationError({ document_number: [staffMessages.documentHasAccount] });
    await ensureMember(staff.db, staff.app.uid, program.uid, existing.uid);
    return { created: false, client: await clientToApi(staff, existing) };
  }
  const email = input.email || null;
  const mobile = input.mobile_phone ? normaliseMobileNumber(input.mobile_phone) : null;
  const taken = await takenIdentityErrors(staff, { email, mobile, document });
  if (taken.mobile_number) taken.mobile_phone = taken.mobile_number;
  delete taken.mobile_number;
  if (Object.keys(taken).length) throw new ValidationError(taken);
  try {
    const user = await staff.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          appId: staff.app.uid,
          uid: crypto.randomUUID(),
          email,
          firstName: input.first_name,
          lastName: input.last_name,
          documentType: document.type,
          documentNumber: document.number,
          mobileNumber: mobile,
          // The same record sign-up keeps: the required consents were given at the counter.
          acceptedTermsAt: new Date(),
          publicityAcceptedAt: input.accept_publicity ? new Date() : null,
        })
        .returning();
      await ensureMember(tx, staff.app.uid, program.uid, row.uid);
      return row;
    });
    return { created: true, client: await clientToApi(staff, user) };
  } catch (err) {
    const taken = asTakenError(err);
    if (!taken) throw err;
    const fields = taken.fields;
    throw new ValidationError(
      fields.mobile_number ? { mobile_phone: fields.mobile_number } : fields,
    );
  }
}

/** The company's usable promotions with the client's state, one program or all of them. */
export async function clientPromotions(
  staff: StaffScope,
  clientUid: string,
  programUid: string | undefined,
): Promise<Promotion[]> {
  const client = await findClient(staff, clientUid);
  const list = programUid
    ? [await companyProgram(staff, programUid)]
    : await companyPrograms(staff);
  const window = { limit: 100, offset: 0, page: 1, pageSize: 100 };
  const pages = await Promise.all(
    list.map((p) => listPromotions(staff, client.uid, p.uid, {}, window)),
  );
  return pages.flatMap((p) => p.results);
}
