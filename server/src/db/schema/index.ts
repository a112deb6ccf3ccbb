export * from './tenancy';
export * from './places';
