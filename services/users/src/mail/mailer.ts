import { APP_CONFIG, AppConfig, createLogger } from '@curbside/platform';
import type { Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

export interface SentMail extends Mail {
  at: Date;
}

/** Sends alert e-mails: by SMTP, or written to the log (MAIL_TRANSPORT, libs/platform config). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export const MAILER = Symbol('MAILER');

/** Development and tests without SMTP: the mail in the log (links included, so a person can click them), the last ones kept in memory. */
export class LogMailer implements Mailer {
  private readonly log = createLogger('mail');
  readonly recent: SentMail[] = [];

  async send(mail: Mail): Promise<void> {
    this.log.info({ to: mail.to, subject: mail.subject }, `E-mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
    this.recent.push({ ...mail, at: new Date() });
    if (this.recent.length > 100) this.recent.shift();
  }
}

/**
 * SMTP through nodemailer (one pooled transport per process), loaded at the first mail: the users service starts
 * without it wherever mail goes to the log.
 */
export class SmtpMailer implements Mailer {
  private transport?: Promise<Transporter>;

  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}

  async send(mail: Mail): Promise<void> {
    const transport = await (this.transport ??= import('nodemailer').then(({ createTransport }) => createTransport(this.url)));
    await transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, headers: mail.headers });
  }
}

export const mailerProvider = {
  provide: MAILER,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig): Mailer =>
    config.MAIL_TRANSPORT === 'smtp' && config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new LogMailer(),
};

/** Where links in mails point: PUBLIC_URL, else this server's own address. */
export function publicUrl(config: AppConfig): string {
  return (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/+$/, '');
}
