import { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's sender (MAIL FROM). */
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** Raw header values by lower-case name (the first of each). */
  headers: Map<string, string>;
}

/**
 * An SMTP server of a test's own on loopback (no TLS, no auth) that parses every mail it receives, or refuses the next
 * ones with a temporary failure (451) when told to, as a busy mail server does.
 */
export class MailReceiver {
  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
    readonly received: ReceivedMail[],
    private readonly refusals: { left: number },
  ) {}

  static async start(): Promise<MailReceiver> {
    const received: ReceivedMail[] = [];
    const refusals = { left: 0 };
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        if (refusals.left > 0) {
          refusals.left -= 1;
          stream.on('end', () => callback(Object.assign(new Error('Too busy, try again later'), { responseCode: 451 })));
          stream.resume();
          return;
        }
        simpleParser(stream).then(
          (mail) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              headers: new Map(mail.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()] as [string, string]).reverse()),
            });
            callback();
          },
          (err: Error) => callback(err),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    return new MailReceiver(server, `smtp://127.0.0.1:${port}`, received, refusals);
  }

  /** The next `count` mails are refused with 451 (not kept); the ones after are received again. */
  refuseNext(count: number): void {
    this.refusals.left = count;
  }

  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.to.includes(address));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
