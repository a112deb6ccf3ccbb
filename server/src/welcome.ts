import type { Config } from './config';

type DemoFile = { app: { domain: string }; users?: { email: string; password: string }[] };

/**
 * What `npm start` prints once it listens. On the embedded database it is a
 * laptop: the demo stores and their (public) accounts help a newcomer. On a
 * PostgreSQL server, which may be production, the log never carries a
 * password: only where the stores are, if the demo was seeded.
 */
export function welcomeBanner(options: {
  kind: 'pglite' | 'postgres';
  config: Pick<Config, 'port' | 'dataDir' | 'seedDemo' | 'accounts'>;
  demoFiles: DemoFile[];
}): string {
  const { kind, config, demoFiles } = options;
  const onPglite = kind === 'pglite';
  const demoHosts = demoFiles.map((f) => `  http://${f.app.domain}:${config.port}/`);
  const demoLines = onPglite
    ? [
        'Demo stores:',
        ...demoHosts,
        'Demo accounts:',
        ...demoFiles.flatMap((f) =>
          (f.users ?? []).map(
            (u) => `  ${u.email} / ${u.password} on http://${f.app.domain}:${config.port}/`,
          ),
        ),
      ]
    : config.seedDemo
      ? ['Demo stores (SEED_DEMO=1; their accounts are in the README):', ...demoHosts]
      : [];
  return [
    '',
    `Store and loyalty app on ${onPglite ? `embedded PGlite (${config.dataDir})` : 'PostgreSQL'}`,
    ...demoLines,
    config.accounts.smtpUrl
      ? 'Mails are sent through SMTP_URL.'
      : 'Mails (verification, recovery, deletion links) are printed in this log and kept in the mail_outbox table; set SMTP_URL to send them.',
    `API docs: http://localhost:${config.port}/api/docs`,
    '',
  ].join('\n');
}
