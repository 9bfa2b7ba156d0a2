import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import CircuitBreaker from 'opossum';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** Every SMTP wait is bounded: connecting, the server's greeting, and silence on an open connection. */
export const smtpTimeouts = (ms: number) => ({ connectionTimeout: ms, greetingTimeout: ms, socketTimeout: 2 * ms });

/** After this many sends in a row time out or lose the connection, the circuit opens for SMTP_CIRCUIT_OPEN_MS. */
export const SMTP_CIRCUIT_FAILURES = 3;

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends one e-mail through SMTP_URL (nodemailer); without SMTP_URL there is nothing to send through. A mail server
 * that keeps timing out or refusing opens a circuit (opossum): for a while every send fails at once, so no worker waits
 * out the timeouts again, and the mails stay pending for their retry.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private transport: Transporter | null = null;
  private readonly breaker: CircuitBreaker<[Mail], void>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.breaker = new CircuitBreaker((mail: Mail) => this.deliver(mail), {
      // nodemailer bounds each wait itself (smtpTimeouts); the breaker counts failures, it does not time them.
      timeout: false,
      volumeThreshold: SMTP_CIRCUIT_FAILURES,
      // Opens above this share of failures in the window: here, when every recent send failed.
      errorThresholdPercentage: 99,
      rollingCountTimeout: 60_000,
      resetTimeout: config.mail.circuitOpenMs,
      // A server that answers (even "try later") is there: only silence and lost connections count.
      errorFilter: (e: { responseCode?: number }) => typeof e?.responseCode === 'number',
    });
    this.breaker.on('open', () => this.logger.warn('SMTP failing repeatedly: mail paused (circuit open)'));
    this.breaker.on('close', () => this.logger.log('SMTP answering again: mail resumed'));
  }

  get configured(): boolean {
    return !!this.config.mail.smtpUrl;
  }

  /** Whether sends fail at once for now (the mail server failed repeatedly). */
  get paused(): boolean {
    return this.breaker.opened;
  }

  send(mail: Mail): Promise<void> {
    if (!this.config.mail.smtpUrl) return Promise.reject(new Error('SMTP_URL is not set'));
    return this.breaker.fire(mail);
  }

  private async deliver(mail: Mail): Promise<void> {
    this.transport ??= createTransport({ url: this.config.mail.smtpUrl, ...smtpTimeouts(this.config.mail.timeoutMs) });
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
    this.breaker.shutdown();
    this.transport?.close();
    this.transport = null;
  }
}
