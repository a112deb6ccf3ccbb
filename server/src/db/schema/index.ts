export * from './tenancy';
export * from './places';
export * from './accounts';
