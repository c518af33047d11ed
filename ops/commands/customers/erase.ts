import { applicationPrivacy, type ErasureTarget } from '../../../modules/applications/index.js';
import { destructively, DESTRUCTIVE_HELP, DESTRUCTIVE_USAGE } from '../../confirm.js';
import { optional, UsageError, type Verb } from '../../verb.js';

/**
 * Erases a person's personal data on request (the right to erasure): their applications that
 * carry no retention duty are anonymised at once, exactly as the retention job would later;
 * approved applications are credit records the law keeps, so they are listed with the reason
 * and the date their retention ends, and the job anonymises them then. Ids, states and money
 * stay, so every figure and settlement still adds up.
 */
export const erase: Verb = {
  group: 'customers',
  name: 'erase',
  summary: "anonymises a person's applications where no retention duty applies; says what it kept and why",
  usage: `--email E | --application ID ${DESTRUCTIVE_USAGE}`,
  details: [
    'Finds the person by e-mail (case and a +tag ignored, as the customer account counts it),',
    'or by one of their applications (then every application with its e-mail). Prints each',
    'application with ANONYMISE, ALREADY_ANONYMISED or KEPT (CREDIT_RECORD: an approved',
    'application, kept RETENTION_CREDIT_RECORDS_DAYS after its last change; IN_PROGRESS: still',
    'being decided, cancel it first), and what happens to the customer account records.',
    'The e-mail is kept in the audit record as a hash only. docs/runbook.md, "Erase a customer".',
    DESTRUCTIVE_HELP,
  ].join('\n'),
  options: { email: { type: 'string' }, application: { type: 'string' } },
  destructive: true,
  run: async (ctx, values) => {
    const email = optional(values, 'email');
    const applicationId = optional(values, 'application');
    if (!email === !applicationId) throw new UsageError('give exactly one of --email or --application');
    if (email && !/^[^@\s]+@[^@\s]+$/.test(email)) throw new UsageError('--email must be an e-mail address');
    const target: ErasureTarget = email ? { email } : { applicationId: applicationId! };
    const privacy = applicationPrivacy(ctx.db, ctx.clock, ctx.config.applications.retention, ctx.logger);
    return destructively(ctx, 'customers erase', values, {
      plan: () => privacy.erasurePlan(target),
      apply: (reason) => privacy.erase(target, reason),
    });
  },
};
