/**
 * Paths pino censors in every log line (server logger, main.ts): credentials in request headers,
 * card tokens and payment provider secrets wherever an object carrying them is logged. Card
 * numbers cannot reach the server (the order body takes tokens only); this is the second line.
 */
export const logRedaction = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["x-signature"]',
    'req.headers["api-key"]',
    'headers.authorization',
    'headers.cookie',
    'password',
    '*.password',
    'new_password',
    '*.new_password',
    'card',
    '*.card',
    'token',
    '*.token',
    'accessToken',
    '*.accessToken',
    '*.access_token',
    'webhookSecret',
    '*.webhookSecret',
    '*.webhook_secret',
  ],
  censor: '[redacted]',
};
