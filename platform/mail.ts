import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from './logger.js';
import type { ConsumerInbox } from './consumer-inbox.js';
import type { OutboxEntry } from './outbox.js';
import { NonRetriableError, type ConsumerSpec } from './consumer.js';

/**
 * The mail port. Nothing sends mail inside a request: a module writes a mail request as an
 * outbox entry on the `mail` topic in the same write as its state change (mailEntry), and
 * one consumer in the API process hands it to the Mailer, skipping ids it has already sent
 * (handleMailEntry). So a crash between the write and the send loses nothing, and a
 * redelivered entry is not mailed twice.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** the outbox entry's id: the same request is sent once */
  idempotencyKey: string;
}

export interface Mailer {
  send(m: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

export const MAIL_TOPIC = 'mail';

export interface MailConfig {
  transport: 'log' | 'smtp';
  from: string;
  smtp: { host: string; port: number; tls: 'none' | 'starttls' | 'tls'; user?: string; password?: string };
}

/** Local runs: the message goes to the log, nothing leaves the machine. */
export class LogMailer implements Mailer {
  constructor(
    private readonly log: Pick<Logger, 'info'>,
    private readonly from: string,
  ) {}
  async send(m: MailMessage): Promise<void> {
    this.log.info({ mail: { from: this.from, to: m.to, subject: m.subject, idempotencyKey: m.idempotencyKey, text: m.text } }, 'mail (log transport)');
  }
}

/** SMTP through nodemailer; the key goes out as Message-ID so a receiver can spot a repeat. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  constructor(private readonly cfg: MailConfig) {
    const { host, port, tls, user, password: pass } = cfg.smtp;
    this.transport = nodemailer.createTransport({
      host,
      port,
      secure: tls === 'tls',
      ignoreTLS: tls === 'none',
      requireTLS: tls === 'starttls',
      ...(user ? { auth: { user, pass } } : {}),
    });
  }
  async send(m: MailMessage): Promise<void> {
    const domain = this.cfg.from.split('@')[1] ?? 'localhost';
    await this.transport.sendMail({
      from: this.cfg.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      messageId: `<${m.idempotencyKey}@${domain}>`,
    });
  }
  async close(): Promise<void> {
    this.transport.close();
  }
}

export function createMailer(cfg: MailConfig, log: Pick<Logger, 'info'>): Mailer {
  return cfg.transport === 'smtp' ? new SmtpMailer(cfg) : new LogMailer(log, cfg.from);
}

/** The outbox entry of a mail request, written with the state change that causes it. */
export function mailEntry(m: MailMessage, key: string, createdAt: Date): OutboxEntry {
  return { id: m.idempotencyKey, topic: MAIL_TOPIC, key, value: JSON.stringify(m), type: 'mail.requested', createdAt };
}

/** The consumer's handling of one `mail` message: sent once per id, remembered after sending. */
export async function handleMailEntry(value: string, mailer: Mailer, inbox: ConsumerInbox, now = new Date()): Promise<'sent' | 'duplicate'> {
  const m = JSON.parse(value) as MailMessage;
  if (await inbox.seen(m.idempotencyKey)) return 'duplicate';
  await mailer.send(m);
  await inbox.remember(m.idempotencyKey, now);
  return 'sent';
}

/**
 * The mail consumer for ManagedConsumer: its inbox (dedupe 'inbox', by the entry id) does
 * what handleMailEntry does for a single message, around the same send.
 */
export function mailConsumerSpec(topicPrefix: string, mailer: Mailer): ConsumerSpec<MailMessage & { type: string }> {
  return {
    groupId: `${topicPrefix}mail-sender`,
    topics: [`${topicPrefix}${MAIL_TOPIC}`],
    parse: (value) => {
      try {
        const m = JSON.parse(String(value)) as MailMessage;
        if (!m.to || !m.subject || !m.idempotencyKey) throw new Error('a mail request needs to, subject and idempotencyKey');
        return { ...m, type: 'mail.requested' };
      } catch (e) {
        throw new NonRetriableError((e as Error).message);
      }
    },
    idOf: (m) => m.idempotencyKey,
    handle: async ({ type: _type, ...m }) => mailer.send(m),
  };
}
