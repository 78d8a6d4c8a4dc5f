import { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** Raw header values by lower-case name (the first of each). */
  headers: Map<string, string>;
}

/** An SMTP server of a test's own on loopback (no TLS, no auth) that parses every mail it receives. */
export class MailReceiver {
  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
    readonly received: ReceivedMail[],
  ) {}

  static async start(): Promise<MailReceiver> {
    const received: ReceivedMail[] = [];
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (mail) => {
            received.push({
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
    return new MailReceiver(server, `smtp://127.0.0.1:${port}`, received);
  }

  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.to.includes(address));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
