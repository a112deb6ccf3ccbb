export { useAppByDomain, useRefreshApp, currentDomain } from './api/get-app-by-domain';
