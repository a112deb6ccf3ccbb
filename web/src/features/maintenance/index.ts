export { MaintenancePage } from './components/maintenance-page';
