import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  marketplaceStore,
  marketplaceStoreQuery,
  paged,
  storeChangeDecisionInput,
  storeDecisionInput,
  storeOnboarding,
  storeProfileInput,
  storeReviewInput,
  versionConflictBody,
} from '@store/contract';
import { pagedAnswer, pageWindow } from '../../../lib/pagination';
import { listStores } from '../../marketplace/stores';
import { adminOnly, requireAdmin } from '../guard';
import { decideStore, onboarding, requestReview } from './service';
import { decideStoreChange, updateStoreProfile } from './profile-review';
import { requestMail } from '../request-mail';
import { errors, tags, uidParams } from '../route-docs';

const ownerAccess =
  "Back office, marketplace stores: 401 without a session, 403 {code, detail} for anyone but the OWNER of the app's main company on a marketplace app (code 'marketplace.owner_only'). The main company itself is never listed (404).";
const storeAccess =
  "Back office, the signed-in owner's own store: 401 without a session, 403 for customers, STAFF and VALIDATOR; the writes are the OWNER's (403 'marketplace.store_owner_only' for a MANAGER); a company not created through the marketplace sign-up has no checklist (null; 404 on the writes).";

/**
 * `/api/v5/admin/marketplace/stores/...` (area `marketplace`: the marketplace owner reviews
 * the stores merchants create) and `/api/v5/admin/onboarding/...` (a new store's checklist).
 */
export const adminStoreRoutes: FastifyPluginAsyncZod = async (server) => {
  server.get(
    '/v5/admin/marketplace/stores/',
    {
      preValidation: adminOnly('marketplace'),
      schema: {
        tags,
        summary: "The marketplace's stores by status, those waiting for review first",
        description: `${ownerAccess} \`status\`: pending | approved | rejected | suspended; \`changes=pending\`: only stores whose change of name, logo or description waits for review (\`pending_change\`); \`q\`: part of the name.`,
        querystring: marketplaceStoreQuery,
        response: { 200: paged(marketplaceStore), ...errors },
      },
    },
    async (request) =>
      pagedAnswer(request, pageWindow(request.query), (window) =>
        listStores(requireAdmin(request), request.query, window),
      ),
  );

  server.post(
    '/v5/admin/marketplace/stores/:uid/decision/',
    {
      preValidation: adminOnly('marketplace'),
      schema: {
        tags,
        summary: 'Approves, rejects, suspends or reactivates a store; its owners are mailed',
        description: `${ownerAccess} approve: pending or rejected → approved (public from now on); reject: pending → rejected; suspend: approved → suspended (gone from every public list, its pages and checkout); reactivate: suspended → approved. reject and suspend need a \`reason\` (400 {reason}), mailed to the store's owners. Another state: 400 {decision}. Send the \`version\` the store was read at: 409 {code: 'admin.version_conflict', detail, current} when it changed since. Audited.`,
        params: uidParams,
        body: storeDecisionInput,
        response: { 200: marketplaceStore, ...errors, 409: versionConflictBody(marketplaceStore) },
      },
    },
    async (request) =>
      decideStore(requireAdmin(request), request.params.uid, request.body, requestMail(request)),
  );

  server.post(
    '/v5/admin/marketplace/stores/:uid/change-decision/',
    {
      preValidation: adminOnly('marketplace'),
      schema: {
        tags,
        summary: "Approves or rejects a store's change of name, logo or description",
        description: `${ownerAccess} Only while a change waits (\`pending_change.status\` pending; otherwise 400 {decision}). approve: the store shows the change from now on (a name another store took meanwhile: 400 {name}); reject: it keeps its approved values and the \`reason\` (400 {reason} without one) is kept on the change and mailed to the store's owners. Send the \`version\` the store was read at: 409 {code: 'admin.version_conflict', detail, current} when it changed since. Audited.`,
        params: uidParams,
        body: storeChangeDecisionInput,
        response: { 200: marketplaceStore, ...errors, 409: versionConflictBody(marketplaceStore) },
      },
    },
    async (request) =>
      decideStoreChange(
        requireAdmin(request),
        request.params.uid,
        request.body,
        requestMail(request),
      ),
  );

  server.get(
    '/v5/admin/onboarding/',
    {
      preValidation: adminOnly('dashboard'),
      schema: {
        tags,
        summary: "A new store's status and checklist: logo, place hours, product, payment, review",
        description: `${storeAccess} Each step is read from the data it names.`,
        response: { 200: storeOnboarding.nullable(), ...errors },
      },
    },
    async (request) => onboarding(requireAdmin(request)),
  );

  server.patch(
    '/v5/admin/onboarding/store/',
    {
      preValidation: adminOnly('dashboard'),
      schema: {
        tags,
        summary:
          "The store's name, logo and description: public at once before approval, reviewed after",
        description: `${storeAccess} \`logo\`: an upload's path or an https address; \`name\`: unique on the marketplace (400 {name}). While the store is pending or rejected the change is public at once (approving the store reviews it); once approved or suspended it waits in \`pending_change\` for the marketplace owner, the store keeping its approved values until then (asking for the approved values again withdraws it). Versioned (409) and audited.`,
        body: storeProfileInput,
        response: { 200: marketplaceStore, ...errors, 409: versionConflictBody(marketplaceStore) },
      },
    },
    async (request) => updateStoreProfile(requireAdmin(request), request.body),
  );

  server.post(
    '/v5/admin/onboarding/review/',
    {
      preValidation: adminOnly('dashboard'),
      schema: {
        tags,
        summary: 'Asks the marketplace owner to review the store',
        description: `${storeAccess} A pending store is marked as asking; a rejected one goes back to pending. Approved or suspended: 400 {decision}. Versioned (409) and audited.`,
        body: storeReviewInput,
        response: { 200: marketplaceStore, ...errors, 409: versionConflictBody(marketplaceStore) },
      },
    },
    async (request) => requestReview(requireAdmin(request), request.body.version),
  );
};
