import { z } from 'zod';
import { formMessages } from '../messages';

/** Raffles, polls, sections and ads of a program, and the extra promotion calls. */

/** The member's state in a raffle: not registered, registered; `dismissed` when they hid it. */
export const raffle = z.object({
  uid: z.string(),
  program: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  prize: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  draw_at: z.string().nullable(),
  is_active: z.boolean(),
  /** Open for registration now: active, started and not ended. */
  is_open: z.boolean(),
  registered: z.boolean(),
  registered_at: z.string().nullable(),
  dismissed: z.boolean(),
});
export type Raffle = z.infer<typeof raffle>;

export const pollQuestionKind = z.enum(['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'TEXT']);
export const pollQuestion = z.object({
  uid: z.string(),
  text: z.string(),
  kind: pollQuestionKind,
  options: z.array(z.object({ uid: z.string(), text: z.string() })),
});
/** One of the member's answers: the options chosen (choice questions) or the text (TEXT). */
export const pollMyAnswer = z.object({
  question: z.string(),
  options: z.array(z.string()),
  text: z.string().nullable(),
});
export type PollMyAnswer = z.infer<typeof pollMyAnswer>;

export const poll = z.object({
  uid: z.string(),
  program: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  questions: z.array(pollQuestion),
  /** The member has answered it. */
  is_resolved: z.boolean(),
  answered_at: z.string().nullable(),
  /**
   * The calling member's own answers, one per question they answered, in the
   * poll's question order (empty until they answer). Never anyone else's.
   */
  my_answers: z.array(pollMyAnswer),
});
export type Poll = z.infer<typeof poll>;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
export const pollsQuery = z.object({ is_resolved: flag.optional() });

/**
 * `POST v5/me/polls/{uid}/responses/`: one answer per question of the poll.
 * `options` for choice questions (exactly one for SINGLE_CHOICE), `text` for TEXT ones.
 * The shape is checked here; which questions and options belong to the poll is the server's rule.
 */
export const pollAnswerInput = z.object({
  question: z.string({ error: formMessages.required }).min(1, formMessages.required).max(64),
  options: z.array(z.string().max(64)).max(50).optional(),
  text: z.string().max(2000).optional(),
});
export const pollResponseInput = z.object({
  answers: z.array(pollAnswerInput, { error: formMessages.required }).max(100),
});
export type PollResponseInput = z.infer<typeof pollResponseInput>;
export const pollResponse = z.object({ uid: z.string(), poll: z.string(), created_at: z.string() });

/** A section or an ad of a program page. */
export const programBlock = z.object({
  uid: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  link: z.string().nullable(),
  position: z.number().int(),
});
export type ProgramBlock = z.infer<typeof programBlock>;

/**
 * `POST .../promotions/{uid}/qrcode/`: a signed, short-lived QR naming the
 * member, the promotion and the member's active (acquired) unit when there is one.
 */
export const promotionQr = z.object({
  qr: z.string(),
  expires_at: z.string(),
  redemption: z.string().nullable(),
  code: z.string().nullable(),
  /**
   * A one-time counter code (6 digits, the `POST v5/me/counter-code/` one, which it replaces)
   * for staff to type instead of scanning; null for a session made with the document alone.
   */
  counter_code: z.string().nullable(),
  /** False where the program lets only staff mark the unit used (the member's own confirmation is refused). */
  member_confirms: z.boolean(),
});

export const promotionPlace = z.object({ uid: z.string(), name: z.string(), address: z.string() });
