import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

function decodeBody(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function decodeHeader(value: string): string {
  // white space between two encoded words is not part of the text (RFC 2047 §6.2)
  return value
    .replace(/(\?=)\s+(?==\?utf-8\?)/gi, '$1')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** A local SMTP server that keeps every mail it receives (plain-text mails, as Beacon sends). */
export class SmtpCatcher {
  readonly mails: CaughtMail[] = [];
  private server: SMTPServer;
  private waiters: Array<() => void> = [];
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('latin1');
          const split = raw.indexOf('\r\n\r\n');
          const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
          const body = raw.slice(split + 4);
          const subject = decodeHeader(/^subject:\s*(.*)$/im.exec(headers)?.[1] ?? '');
          this.mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject,
            text: decodeBody(headers, body),
          });
          this.waiters.splice(0).forEach((w) => w());
          callback();
        });
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Waits for a mail to this address and takes it out of the box. */
  async take(to: string, timeoutMs = 10_000): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.mails.findIndex((m) => m.to.includes(to));
      if (index >= 0) return this.mails.splice(index, 1)[0] as CaughtMail;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  /** The first http(s) link in a mail. */
  static link(mail: CaughtMail): string {
    const m = /https?:\/\/\S+/.exec(mail.text);
    if (!m) throw new Error(`no link in mail "${mail.subject}"`);
    return m[0];
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
