import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAd, adminAdFields, adminAdInput, adminAdQuery } from '@store/contract';
import { adminOnly } from '../guard';
import { resourceRoutes } from '../resource-routes';
import { createAd, deleteAd, getAd, listAds, updateAd } from './service';

const access =
  "Back office, company ads: 401 without a session, 403 {code, detail} unless the user is OWNER or MANAGER of a company of this tenant. Another company's ad is 404.";
const rules =
  '`title` required; `image` an upload path or http(s) address; `link` an http(s) address, a store path starting with / or a #anchor (400 {link} otherwise); `position`: lower first. The store (`v5/companies/{uid}/ads`) shows the active ones on its next read. Audited.';

/** `/api/v5/admin/ads/...`: the company's ads the store shows on its pages. */
export const adminAdRoutes: FastifyPluginAsyncZod = async (server) => {
  server.addHook('preValidation', adminOnly('marketing'));
  const ads = resourceRoutes(server, { path: '/v5/admin/ads/', item: adminAd, access });

  ads.list(
    {
      summary: "The company's ads in the store's order",
      description: `${access} \`q\`: part of the title; \`active\`: true | false.`,
      query: adminAdQuery,
    },
    listAds,
  );
  ads.get({ summary: 'One ad with its version' }, getAd);
  ads.create(
    {
      summary: 'Creates an ad',
      description: `${access} ${rules} 201 with the ad.`,
      body: adminAdFields,
    },
    createAd,
  );
  ads.save(
    'patch',
    {
      summary: 'Saves an ad (optimistic concurrency on `version`)',
      description: `${access} ${rules} When someone else (or a tenant-file import) changed it since the \`version\` sent: 409 {code: 'admin.version_conflict', detail, current} and nothing written.`,
      body: adminAdInput,
    },
    updateAd,
  );
  ads.remove(
    {
      summary: 'Deletes an ad',
      description: `${access} \`version\`: the one it was read at (409 admin.version_conflict with \`current\` otherwise). 204.`,
    },
    deleteAd,
  );
};
