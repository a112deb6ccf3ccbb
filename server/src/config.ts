// The server's settings, one file per area under config/ (issue 38); this file keeps the one import
// path every caller uses. Read an area's file for its variables, defaults and parsers.

export { type Config, configFromEnv, demoSeedWanted, paths } from './config/load';
export {
  type AccountsConfig,
  type ActionRateLimits,
  type ClientErrorLimits,
  defaultAccountsConfig,
  defaultClientErrorLimits,
  defaultMailQuotas,
  defaultRateLimits,
  defaultSessionLifetime,
  defaultStepUp,
  type MailQuotas,
  parseFacebookAppSecrets,
  type RateLimit,
  type RateLimitedAction,
  scaledMailQuotas,
  scaledRateLimits,
  type SessionLifetime,
} from './config/accounts';
export {
  type AccessLogLevel,
  defaultTimeouts,
  type MetricsConfig,
  parseTrustProxy,
  type PublicUrlConfig,
  type ServerTimeouts,
  type ShutdownConfig,
  type TrustProxy,
} from './config/http';
export {
  type AnalyticsConfig,
  analyticsFromEnv,
  GOOGLE_ANALYTICS,
  MERCADOPAGO_SDK,
  type MercadoPagoSdkConfig,
  mercadoPagoSdkFromEnv,
} from './config/page-sources';
export {
  environmentTable,
  type EnvironmentVariable,
  environmentVariables,
} from './config/environment-variables';
