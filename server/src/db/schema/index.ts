export * from './tenancy';
export * from './places';
export * from './accounts';
export * from './catalog';
export * from './cart';
export * from './orders';
export * from './loyalty';
export * from './engagement';
