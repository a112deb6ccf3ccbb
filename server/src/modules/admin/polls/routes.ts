import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPoll,
  adminPollCreate,
  adminPollDeleteQuery,
  adminPollInput,
  adminPollQuery,
  adminPollResults,
  adminPollSummary,
  adminPollTextAnswer,
  adminPollTextAnswerQuery,
  paged,
} from '@store/contract';
import { pagedAnswer, pageWindow } from '../../../lib/pagination';
import { adminOnly, requireAdmin } from '../guard';
import { resourceRoutes } from '../resource-routes';
import { pollCsv, pollResults, textAnswers } from './results';
import { createPoll, deletePoll, getPoll, listPolls, pollPrograms, updatePoll } from './service';
import { errors, tags, uidParams } from '../route-docs';
import { sendCsvDownload } from '../../../lib/csv-download';

const access =
  "Back office, polls (area `engagement`): 401 without a session, 403 {code, detail} unless the user is OWNER or MANAGER of a company of this tenant. Polls belong to the company's programs (not to places: every manager of the company sees them); a poll of another company is 404.";
const rules =
  '`title` required (200); `questions`: 1 to 30, each `{uid?, text, kind: SINGLE_CHOICE | MULTIPLE_CHOICE | TEXT, options: [{uid?, text}]}` in the order members see them; a choice question has 2 to 20 options, none repeated (400 {"questions.N.options"}, {"questions.N.options.M.text"}); a TEXT question none. `uid` names a question (or option of that question) the poll has (400 {"questions.N.uid"} otherwise), none: a new one; rows left out are deleted. `ends_at` after `starts_at` (400 {ends_at}). Nothing is written on a 400. Audited.';
const locked =
  "Once anyone answered, adding or removing a question or an option, or changing a question's kind, is a 409 {code: 'admin.poll_structure_locked', detail, current}; texts, order, dates, image and `is_active` stay editable.";

/** `/api/v5/admin/polls/...`: the company's polls, their questions, results and CSV export. */
export const adminPollRoutes: FastifyPluginAsyncZod = async (server) => {
  server.addHook('preValidation', adminOnly('engagement'));

  const polls = resourceRoutes(server, { path: '/v5/admin/polls/', item: adminPoll, access });

  polls.list(
    {
      summary: "The company's polls with their state and responses so far, newest first",
      description: `${access} \`q\`: part of the title (accents and case ignored); \`program\`: a program uid. \`state\`: inactive (switched off), scheduled (not started), open, ended (by its dates).`,
      query: adminPollQuery,
      row: adminPollSummary,
    },
    listPolls,
  );

  server.get(
    '/v5/admin/polls/programs/',
    {
      schema: {
        tags,
        summary: "The company's programs a poll may belong to",
        description: access,
        response: { 200: z.array(z.object({ uid: z.string(), name: z.string() })), ...errors },
      },
    },
    async (request) => pollPrograms(requireAdmin(request)),
  );

  polls.create(
    {
      summary: "Creates a poll with its questions in one of the company's programs",
      description: `${access} \`program\`: a program of the company (else 400 {program}). ${rules} 201 with the poll.`,
      body: adminPollCreate,
    },
    createPoll,
  );
  polls.get(
    {
      summary: 'One poll with its questions, options and version',
      description: `${access} \`structure_locked\`: someone answered (see PUT).`,
    },
    getPoll,
  );
  polls.save(
    'put',
    {
      summary: 'Saves the whole poll: details, questions and options (optimistic concurrency)',
      description: `${access} ${rules} ${locked} Send the \`version\` the poll was read at; when someone else (or a tenant-file import) changed it since: 409 {code: 'admin.version_conflict', detail, current}. One transaction: nothing is written on any error.`,
      body: adminPollInput,
    },
    updatePoll,
  );
  polls.remove(
    {
      summary: 'Deletes a poll nobody answered',
      description: `${access} \`version\`: the one it was read at (409 admin.version_conflict with \`current\` otherwise). A poll with answers is never deleted: 409 {code: 'admin.poll_has_responses', detail, current}; switch it off instead. 204. Audited.`,
      query: adminPollDeleteQuery,
    },
    deletePoll,
  );

  server.get(
    '/v5/admin/polls/:uid/results/',
    {
      schema: {
        tags,
        summary:
          'The poll’s results: responses, and per choice question the count and share of each option',
        description: `${access} \`percent\` is the option's share of the responses that answered the question (one decimal); a multiple-choice question's shares may add up past 100. Text answers are listed by \`.../questions/{question}/answers/\`.`,
        params: uidParams,
        response: { 200: adminPollResults, ...errors },
      },
    },
    async (request) => pollResults(requireAdmin(request), request.params.uid),
  );

  server.get(
    '/v5/admin/polls/:uid/questions/:question/answers/',
    {
      schema: {
        tags,
        summary: "A text question's answers, newest first",
        description: `${access} A question that is not a TEXT question of this poll: 404. \`q\`: a word of the answer (accents and case ignored).`,
        params: z.object({ uid: z.string(), question: z.string() }),
        querystring: adminPollTextAnswerQuery,
        response: { 200: paged(adminPollTextAnswer), ...errors },
      },
    },
    async (request) =>
      pagedAnswer(request, pageWindow(request.query), (window) =>
        textAnswers(
          requireAdmin(request),
          request.params.uid,
          request.params.question,
          request.query,
          window,
        ),
      ),
  );

  server.get(
    '/v5/admin/polls/:uid/responses.csv',
    {
      schema: {
        tags,
        summary: "The poll's responses as a CSV download; recorded in the audit log",
        description: `${access} text/csv; charset=utf-8, UTF-8 with BOM, one row per response, oldest first: fecha (store time), socio (member uid), nombre, email, then one column per question (its text) in the poll's order; a multiple-choice answer's options joined by "; ". Cells starting with = + - @ are quoted so a spreadsheet never runs them. Each export is an audit line (entity \`poll_export\`: who, the poll, how many responses).`,
        params: uidParams,
        response: {
          200: {
            description: 'The CSV file (an attachment named encuesta-<title>-<date>.csv)',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { stream, filename } = await pollCsv(requireAdmin(request), request.params.uid);
      return sendCsvDownload(reply, filename, stream);
    },
  );
};
