export { api, apiRequest, ApiError } from './client';
export type { RequestOptions, QueryValue } from './client';
export { meQuery, logoutCall } from './account';
