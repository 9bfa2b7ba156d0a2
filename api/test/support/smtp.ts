import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The message body, quoted-printable decoded. */
  text: string;
}

/** Soft line breaks and =XX escapes undone (nodemailer encodes long or non-ASCII text lines so). */
const decodeQuotedPrintable = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/**
 * A real SMTP server on a free local port, for the tests to assert on what the API sends. `refuse` makes it answer
 * every recipient with a temporary failure (451), as a mail server in trouble does.
 */
export async function startSmtpServer(): Promise<{
  url: string;
  received: ReceivedMail[];
  refuse: (on: boolean) => void;
  close: () => Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!refusing) return callback();
      const e = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
      e.responseCode = 451;
      callback(e);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const split = raw.indexOf('\r\n\r\n');
        const head = raw.slice(0, split).replace(/\r\n\s+/g, ' ');
        // Encoded words next to each other are one text: the space folding put between them is not part of it.
        const subject = (/^Subject: (.*)$/im.exec(head)?.[1] ?? '').replace(/\?=\s+=\?/g, '?==?');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /=\?utf-8\?Q\?/i.test(subject)
            ? decodeQuotedPrintable(subject.replace(/=\?utf-8\?Q\?(.*?)\?=/gi, '$1').replace(/_/g, ' ')).replace(
                /\s+/g,
                ' ',
              )
            : subject,
          text: decodeQuotedPrintable(raw.slice(split + 4)).replace(/\r\n/g, '\n'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (on) => {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
