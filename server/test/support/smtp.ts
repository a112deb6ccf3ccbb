import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server for tests, shared by the API suite and the browser tests. */

export type ReceivedMail = { to: string; subject: string; text: string; links: string[] };

function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A real SMTP server on a free port; mails it receives are parsed for their links. */
export async function startSmtp(
  options: {
    defaultWaitMs?: number;
    /** Listen here (a test bringing the server back where the app expects it); a free port by default. */
    port?: number;
    /** Recipients answered `550 No such user`, as a real server does for unknown mailboxes. */
    rejectRecipients?: { test(address: string): boolean };
  } = {},
) {
  const mails: ReceivedMail[] = [];
  const waiting: (() => void)[] = [];
  // While held, a refusal waits (the sender's attempt stays open) until released.
  let refusalsHeld: { done: Promise<void>; release: () => void } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients?.test(address.address)) {
        const err = Object.assign(new Error('No such user'), { responseCode: 550 });
        if (refusalsHeld) return void refusalsHeld.done.then(() => callback(err));
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const decoded = decodeQuotedPrintable(raw);
        const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
        const subject = subjectLine
          .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q: string) =>
            decodeQuotedPrintable(q.replace(/_/g, ' ')),
          )
          .replace(/\r?\n[ \t]/g, '');
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          subject,
          text: decoded,
          links: [...new Set(decoded.match(/https?:\/\/[^\s"<>]+/g) ?? [])],
        });
        waiting.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next mail to `to` whose subject matches, waiting for it to arrive. */
    async waitFor(
      to: string,
      subject: RegExp,
      timeoutMs = options.defaultWaitMs ?? 5000,
    ): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = mails.findIndex((m) => m.to === to && subject.test(m.subject));
        if (index >= 0) return mails.splice(index, 1)[0];
        if (Date.now() > deadline)
          throw new Error(
            `no mail to ${to} matching ${subject}; got ${mails.map((m) => `${m.to}: ${m.subject}`).join('; ')}`,
          );
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    /**
     * Refusals wait from now until `release`: a sender's next attempt cannot fail (and change
     * its mail's state) while the test does something that must not race with it.
     */
    holdRefusals() {
      let release = () => {};
      const done = new Promise<void>((resolve) => (release = resolve));
      refusalsHeld = { done, release };
    },
    releaseRefusals() {
      refusalsHeld?.release();
      refusalsHeld = undefined;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
