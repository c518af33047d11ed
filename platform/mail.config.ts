import Joi from 'joi';
import { configSection, secretAsFile } from './config.js';
import { readSettingFile } from './setting-files.js';
import type { MailConfig } from './mail.js';

/** How mail leaves (platform/mail.ts): the log locally, SMTP in production. */
export const mailSection = configSection({
  title: 'mail',
  keys: {
    MAIL_TRANSPORT: Joi.string().valid('log', 'smtp').default('log').description('how mail leaves: log (written to the log, local runs) or smtp'),
    MAIL_FROM: Joi.string().email({ tlds: false }).default('no-reply@partner-financing.local').description('sender address of every mail'),
    SMTP_HOST: Joi.string().when('MAIL_TRANSPORT', { is: 'smtp', then: Joi.required() }).description('SMTP server (required with MAIL_TRANSPORT=smtp)'),
    SMTP_PORT: Joi.number().integer().min(1).max(65535).default(587).description('SMTP port'),
    SMTP_TLS: Joi.string()
      .valid('none', 'starttls', 'tls')
      .default('starttls')
      .description('none (plain, local test servers only), starttls (upgrade required) or tls (implicit TLS, usually port 465)'),
    SMTP_USER: Joi.string().description('SMTP user; no authentication when unset'),
    SMTP_PASSWORD_FILE: Joi.string().meta(secretAsFile).description('file holding the SMTP password (a mounted secret)'),
  },
  shape: (v): MailConfig => ({
    transport: v.MAIL_TRANSPORT,
    from: v.MAIL_FROM,
    smtp: {
      host: v.SMTP_HOST ?? '',
      port: v.SMTP_PORT,
      tls: v.SMTP_TLS,
      user: v.SMTP_USER,
      // read at start, so a missing secret stops the start naming it rather than the first mail
      ...(v.SMTP_PASSWORD_FILE ? { password: readSettingFile('SMTP_PASSWORD_FILE', v.SMTP_PASSWORD_FILE) } : {}),
    },
  }),
});
