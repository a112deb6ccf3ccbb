export { useAppByDomain, currentDomain } from './api/get-app-by-domain';
