import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** Every SMTP wait is bounded: connecting, the server's greeting, and silence on an open connection. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Sends one e-mail through SMTP_URL (nodemailer); without SMTP_URL there is nothing to send through. */
@Injectable()
export class MailService implements OnModuleDestroy {
  private transport: Transporter | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return !!this.config.mail.smtpUrl;
  }

  async send(mail: { to: string; subject: string; text: string }): Promise<void> {
    if (!this.config.mail.smtpUrl) throw new Error('SMTP_URL is not set');
    this.transport ??= createTransport({ url: this.config.mail.smtpUrl, ...SMTP_TIMEOUTS });
    // One recipient, named in the envelope too: the header's text is never parsed into a list of addresses.
    await this.transport.sendMail({
      from: this.config.mail.from,
      to: mail.to,
      envelope: { from: this.config.mail.from, to: [mail.to] },
      subject: mail.subject,
      text: mail.text,
    });
  }

  onModuleDestroy(): void {
    this.transport?.close();
    this.transport = null;
  }
}
