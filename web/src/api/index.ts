export { api, apiRequest, ApiError } from './client';
export type { RequestOptions, QueryValue } from './client';
export type { Paged } from './paging';
