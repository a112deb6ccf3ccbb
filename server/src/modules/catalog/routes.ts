import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-errors';
import {
  pageQuery,
  paged,
  placeProductsQuery,
  product,
  productCategory,
  productsQuery,
} from '@store/contract';
import { pagedAnswer, pageWindow } from '../../lib/pagination';
import {
  getPlaceProduct,
  listCompanyCategories,
  listPlaceCategories,
  listProducts,
} from './service';
import { listPlaceProducts, PRODUCTS_PAGE_SIZE } from './place-list';
import { areaAccess } from '../../plugins/route-access';
import { schemaSerializerCompiler } from '../../lib/schema-serializer';

const tags = ['catalog'];
const errors = errorResponses(400, 404);

export const catalogRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'public');
  server.get(
    '/v7/places/:uid/products/',
    {
      config: { publicCache: true },
      // Product answers are the largest public ones: written by their schema (lib/schema-serializer.ts).
      serializerCompiler: schemaSerializerCompiler,
      schema: {
        tags,
        summary: 'Products a place sells, with its stock',
        description:
          '`product_category` (000 means all), `search` (Spanish full text, accents and case ignored, every word matches a word start), `is_redeemable`. 24 a page.',
        params: z.object({ uid: z.string() }),
        querystring: pageQuery.extend(placeProductsQuery.shape),
        response: { 200: paged(product), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return pagedAnswer(request, pageWindow(q, PRODUCTS_PAGE_SIZE), (window) =>
        listPlaceProducts(
          request.scope(),
          request.params.uid,
          {
            category: q.product_category || undefined,
            search: q.search || undefined,
            isRedeemable: q.is_redeemable,
          },
          window,
        ),
      );
    },
  );

  server.get(
    '/v7/products/',
    {
      config: { publicCache: true },
      // Product answers are the largest public ones: written by their schema (lib/schema-serializer.ts).
      serializerCompiler: schemaSerializerCompiler,
      schema: {
        tags,
        summary: 'Products of the store across places',
        description:
          '`category` (000 means all), `company`, `search`. Stock is per place, so it is null here.',
        querystring: pageQuery.extend(productsQuery.shape),
        response: { 200: paged(product), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return pagedAnswer(request, pageWindow(q, PRODUCTS_PAGE_SIZE), (window) =>
        listProducts(
          request.scope(),
          {
            category: q.category || undefined,
            company: q.company || undefined,
            search: q.search || undefined,
          },
          window,
        ),
      );
    },
  );

  server.get(
    '/v7/places/:place/products/:uid/',
    {
      config: { publicCache: true },
      // Product answers are the largest public ones: written by their schema (lib/schema-serializer.ts).
      serializerCompiler: schemaSerializerCompiler,
      schema: {
        tags,
        summary: 'One product of a place, with its option groups',
        params: z.object({ place: z.string(), uid: z.string() }),
        response: { 200: product, ...errors },
      },
    },
    async (request) => getPlaceProduct(request.scope(), request.params.place, request.params.uid),
  );

  server.get(
    '/v7/places/:uid/product-categories/',
    {
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'Categories with products at a place',
        params: z.object({ uid: z.string() }),
        response: { 200: z.array(productCategory), ...errors },
      },
    },
    async (request) => listPlaceCategories(request.scope(), request.params.uid),
  );

  server.get(
    '/v7/company/:uid/product-categories/',
    {
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'Product categories of a company',
        params: z.object({ uid: z.string() }),
        response: { 200: z.array(productCategory), ...errors },
      },
    },
    async (request) => listCompanyCategories(request.scope(), request.params.uid),
  );
};
