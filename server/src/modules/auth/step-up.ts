import { randomInt } from 'node:crypto';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import {
  authMessages,
  formatMessage,
  messageText,
  type StepUpBody,
  type StepUpCodeResponse,
  type StepUpResponse,
} from '@store/contract';
import { sessions } from '../../db/schema';
import { ValidationError } from '../../lib/http-errors';
import { tokenHash, verifyPassword } from '../../lib/secrets';
import type { MemberScope } from '../../scope/scope';
import { ofTenant } from '../../scope/tenant-query';
import { stepUpCodeMail } from '../mail/templates';
import type { AuthScope } from './context';
import { limitByAddress, limitByIdentity } from './limits';

/**
 * Step-up: a limited session (a document number alone) proves who holds it, with the account's
 * password or a code mailed to its verified address, and then acts as a full session for a while
 * (`config.stepUp.seconds`, docs/decisions.md "Limited sessions"). The code belongs to the session
 * that asked for it: another session, even the member's own, cannot use it.
 */
export type StepUpScope = AuthScope & MemberScope;

const CODE_LENGTH = 6;
const codeHash = (sessionHash: string, code: string) => tokenHash(`step-up:${sessionHash}:${code}`);

/** `d***@aurora.pe`: enough for the member to know the mailbox, not enough to learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
}

/** `POST v5/me/step-up/code/`: mails a one-time code for this session to the verified address. */
export async function sendStepUpCode(
  scope: StepUpScope,
  sessionHash: string,
): Promise<StepUpCodeResponse> {
  const { user } = scope;
  await limitByAddress(scope, 'stepUpCode');
  await limitByIdentity(scope, 'stepUpCode', `member:${user.uid}`);
  // Only an address the member proved is theirs: the code must reach no one else.
  if (!user.email || !user.emailVerifiedAt)
    throw new ValidationError(authMessages.stepUpNoVerifiedEmail);
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const { codeSeconds } = scope.config.stepUp;
  const expiresAt = new Date(Date.now() + codeSeconds * 1000);
  const minutes = Math.round(codeSeconds / 60);
  await scope.db.transaction(async (tx) => {
    // A new code replaces the last one, with a fresh count of tries.
    await tx
      .update(sessions)
      .set({
        stepUpCodeHash: codeHash(sessionHash, code),
        stepUpCodeExpiresAt: expiresAt,
        stepUpCodeFailures: 0,
      })
      .where(ofTenant(scope, sessions, eq(sessions.tokenHash, sessionHash)));
    await scope.mailer.queue(
      tx,
      scope.app.uid,
      stepUpCodeMail(
        { appName: scope.app.name, to: user.email!, firstName: user.firstName },
        code,
        minutes,
      ),
    );
  });
  const hint = maskEmail(user.email);
  return {
    detail: messageText(formatMessage(authMessages.stepUpCodeSent, { email: hint, minutes })),
    email_hint: hint,
    expires_at: expiresAt.toISOString(),
  };
}

/** `POST v5/me/step-up/`: the password or the mailed code; the session acts as a full one until the answer's time. */
export async function stepUp(
  scope: StepUpScope,
  sessionHash: string,
  body: StepUpBody,
): Promise<StepUpResponse> {
  const { user } = scope;
  await limitByAddress(scope, 'stepUp');
  await limitByIdentity(scope, 'stepUp', `member:${user.uid}`);
  const password = body.password ?? '';
  const code = (body.code ?? '').replace(/\s+/g, '');
  if (!password && !code) throw new ValidationError(authMessages.stepUpProofRequired);

  const now = Date.now();
  const until = new Date(now + scope.config.stepUp.seconds * 1000);
  const thisSession = eq(sessions.tokenHash, sessionHash);
  if (password) {
    // An account without a password costs the same time and answers the same.
    if (!(await verifyPassword(user.passwordHash, password)))
      throw new ValidationError({ password: [authMessages.stepUpWrongPassword] });
    await scope.db
      .update(sessions)
      .set({ steppedUpUntil: until })
      .where(ofTenant(scope, sessions, thisSession));
  } else {
    // Checked and spent in one statement: two tries of the same code cannot both pass.
    const spent = await scope.db
      .update(sessions)
      .set({
        steppedUpUntil: until,
        stepUpCodeHash: null,
        stepUpCodeExpiresAt: null,
        stepUpCodeFailures: 0,
      })
      .where(
        ofTenant(
          scope,
          sessions,
          thisSession,
          eq(sessions.stepUpCodeHash, codeHash(sessionHash, code)),
          gt(sessions.stepUpCodeExpiresAt, new Date(now)),
        ),
      )
      .returning({ tokenHash: sessions.tokenHash });
    if (!spent.length) {
      // A wrong try counts, in its own statement; the last allowed one kills the code.
      const tries = scope.config.stepUp.codeTries;
      await scope.db
        .update(sessions)
        .set({
          stepUpCodeFailures: sql`${sessions.stepUpCodeFailures} + 1`,
          stepUpCodeHash: sql`CASE WHEN ${sessions.stepUpCodeFailures} + 1 >= ${tries} THEN NULL ELSE ${sessions.stepUpCodeHash} END`,
        })
        .where(ofTenant(scope, sessions, and(thisSession, isNotNull(sessions.stepUpCodeHash))));
      throw new ValidationError({ code: [authMessages.stepUpCodeInvalid] });
    }
  }
  return { detail: messageText(authMessages.stepUpDone), stepped_up_until: until.toISOString() };
}
