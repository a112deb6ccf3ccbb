import {
  promotion,
  staffClient,
  staffClientPromotionsQuery,
  staffClientQuery,
  staffCreateClientInput,
  staffQrInput,
} from '@store/contract';
import { z } from 'zod';
import { requireStaff, staffOnly } from './guard';
import { clientFromQr, clientPromotions, createClient, lookupClient } from './clients';
import { access, errors, tags, uidParams, type StaffServer } from './route-docs';

/** Finding a client at the counter (document, phone or QR), enrolling one, and their promotions. */
export function clientRoutes(server: StaffServer): void {
  server.get(
    '/v5/staff/clients/',
    {
      preValidation: staffOnly('lookup'),
      schema: {
        tags,
        summary: 'Finds a client of the company by document or mobile phone',
        description: `${access} \`?document_type=&document_number=\` or \`?mobile_phone=\` (with +country code: exact; nine digits: any dial code). Clients are users who belong to a program of the company or ordered from it. None: 404 {detail}; several phones: 400 {mobile_phone: ['More than one user was found with this phone number, enter the document number']}.`,
        querystring: staffClientQuery,
        response: { 200: staffClient, ...errors },
      },
    },
    async (request) => lookupClient(requireStaff(request), request.query),
  );

  server.post(
    '/v5/staff/clients/from-qr/',
    {
      preValidation: staffOnly('lookup'),
      schema: {
        tags,
        summary: 'Finds the client of a scanned member QR (GET v5/me/programs/{uid}/qr/)',
        description: `${access} Expired, forged, another tenant's or another company's QR: 400 {code: [message]}.`,
        body: staffQrInput,
        response: { 200: staffClient, ...errors },
      },
    },
    async (request) => clientFromQr(requireStaff(request), request.body.code),
  );

  server.post(
    '/v5/staff/clients/',
    {
      preValidation: staffOnly('create_clients'),
      schema: {
        tags,
        summary: 'Creates a user and enrols them in a program of the company',
        description: `${access} 201 with the new client (no password: they set one with password recovery). A document that already has an account: 200 with that user enrolled (data unchanged) only when they are already a client of the company (a member of one of its programs or a buyer); anyone else's: 400 {document_number}, so no other user's email or phone is ever answered. The client's consents are those of sign-up: accept_terms, accept_age (14 or over) and accept_data_processing must be true (400 on each field otherwise), accept_publicity is optional; a new account records them like POST v5/register/. A store with no benefits program: 400 {non_field_errors: ['La tienda no tiene un programa de beneficios asignado.']}. Email or phone of another user: 400 on that field.`,
        body: staffCreateClientInput,
        response: { 200: staffClient, 201: staffClient, ...errors },
      },
    },
    async (request, reply) => {
      const { created, client } = await createClient(requireStaff(request), request.body);
      return reply.status(created ? 201 : 200).send(client);
    },
  );

  server.get(
    '/v5/staff/clients/:uid/promotions/',
    {
      preValidation: staffOnly('lookup'),
      schema: {
        tags,
        summary: "The company's current promotions with the client's state in each",
        description: `${access} \`program_uid\` narrows to one program. Not paged (a program lists at most 100).`,
        params: uidParams,
        querystring: staffClientPromotionsQuery,
        response: { 200: z.array(promotion), ...errors },
      },
    },
    async (request) =>
      clientPromotions(
        requireStaff(request),
        request.params.uid,
        request.query.program_uid || undefined,
      ),
  );
}
