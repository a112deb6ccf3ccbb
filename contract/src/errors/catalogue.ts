import { adminErrors } from './admin';
import { adminMoneyErrors } from './admin-money';
import { adminMediaErrors } from './admin-media';
import { adminCatalogueErrors } from './admin-catalogue';
import { adminCatalogueCsvErrors } from './admin-catalogue-csv';
import { adminPlacesErrors } from './admin-places';
import { adminProgramsErrors } from './admin-programs';
import { adminStaffErrors } from './admin-staff';
import { adminMembersErrors } from './admin-members';
import { adminPromotionsErrors } from './admin-promotions';
import { adminRafflesErrors } from './admin-raffles';
import { adminPollsErrors } from './admin-polls';
import { adminLandingErrors } from './admin-landing';
import { adminEventsErrors } from './admin-events';
import { authErrors } from './auth';
import { catalogErrors } from './catalog';
import { coinOrdersErrors } from './coin-orders';
import { commonErrors } from './common';
import { couponsErrors } from './coupons';
import { engagementErrors } from './engagement';
import { formErrors } from './form';
import { loyaltyErrors } from './loyalty';
import { marketplaceErrors } from './marketplace';
import { ordersErrors } from './orders';
import { receiptsErrors } from './receipts';
import { staffErrors } from './staff';
import { subscriptionsErrors } from './subscriptions';

/**
 * Every message the server answers with, by its stable code (`area.snake_name`).
 * Clients branch on the code; the texts are for people.
 */
export const errorCatalogue = {
  ...formErrors,
  ...commonErrors,
  ...authErrors,
  ...catalogErrors,
  ...ordersErrors,
  ...receiptsErrors,
  ...coinOrdersErrors,
  ...couponsErrors,
  ...subscriptionsErrors,
  ...loyaltyErrors,
  ...engagementErrors,
  ...staffErrors,
  ...adminErrors,
  ...adminMoneyErrors,
  ...adminMediaErrors,
  ...adminCatalogueErrors,
  ...adminCatalogueCsvErrors,
  ...adminPlacesErrors,
  ...adminStaffErrors,
  ...adminMembersErrors,
  ...adminPromotionsErrors,
  ...adminProgramsErrors,
  ...adminRafflesErrors,
  ...adminPollsErrors,
  ...adminLandingErrors,
  ...adminEventsErrors,
  ...marketplaceErrors,
} as const;

export type ErrorCode = keyof typeof errorCatalogue;
