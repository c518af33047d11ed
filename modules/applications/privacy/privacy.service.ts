import type { Clock } from '../../../platform/clock.js';
import type { Logger } from '../../../platform/logger.js';
import { accountIdOf, type ApplicationDoc } from '../application.model.js';
import type { PrivacyRepository } from '../store/index.js';
import { anonymisation, dataClassOf, documentHashesOf, PLACEHOLDER, type DataClass, type PrivacyMark } from './anonymise.js';

/** How long each class of application keeps its personal data after its last change (docs/security.md). */
export interface RetentionPolicy {
  creditRecordsMs: number;
  notFinancedMs: number;
}

/** Who to erase: the person by e-mail, or the person of one application. */
export type ErasureTarget = { email: string } | { applicationId: string };

export type ErasureVerdict =
  | { applicationId: string; partnerId: string; action: 'ANONYMISE'; dataClass: DataClass }
  | { applicationId: string; partnerId: string; action: 'ALREADY_ANONYMISED'; anonymisedAt: Date }
  | { applicationId: string; partnerId: string; action: 'KEPT'; reason: 'CREDIT_RECORD' | 'IN_PROGRESS'; why: string; keptUntil?: Date };

export interface ErasurePlan {
  found: number;
  applications: ErasureVerdict[];
  /** the customer's account records: re-keyed once no application they count keeps its data */
  accounts: { records: number; action: 'REKEY' | 'KEPT' | 'NONE'; why?: string };
}

const BATCH = 200;
const ATTEMPTS = 5;

/**
 * Anonymisation of applications: the one write (privacy/anonymise.ts), the scheduled pass over
 * what is past retention, and the erasure of one person on request. Every way in ends in
 * `anonymise`, which is idempotent and version-guarded, so the job on several instances, an
 * operator's erasure and a retry after a crash never write an application twice.
 */
export class ApplicationPrivacy {
  constructor(
    private readonly repo: PrivacyRepository,
    private readonly clock: Clock,
    private readonly policy: RetentionPolicy,
    private readonly log: Pick<Logger, 'info' | 'warn'>,
  ) {}

  /**
   * Anonymises one application now; what it found. What goes with it (its customer's account
   * records, document bytes no other application needs) goes first, while the document still
   * names them: a crash between the two leaves the application to anonymise, and the next
   * run does it all again (each step idempotent), never an anonymised application whose
   * e-mail still keys an account.
   */
  async anonymise(applicationId: string, reason: string): Promise<'ANONYMISED' | 'ALREADY_ANONYMISED' | 'NOT_FOUND'> {
    for (let attempt = 1; ; attempt++) {
      const doc = await this.repo.findById(applicationId);
      if (!doc) return 'NOT_FOUND';
      const change = anonymisation(doc as ApplicationDoc & Record<string, unknown>, reason, this.clock.now());
      if (!change) return 'ALREADY_ANONYMISED';
      await this.beforeAnonymised(doc);
      if (await this.repo.writeAnonymised(doc._id, doc.version, change.set, change.unset)) return 'ANONYMISED';
      // another writer changed it in between (a fulfilment, another instance's job): read again
      if (attempt >= ATTEMPTS) throw new Error(`application ${applicationId} kept changing while it was anonymised`);
    }
  }

  /** Its customer's account records once nothing else they count keeps its data, and document bytes only it needs. */
  private async beforeAnonymised(doc: ApplicationDoc): Promise<void> {
    await this.repo.removeUnreferencedContents(documentHashesOf(doc), doc._id);
    const email = doc.customer?.email;
    if (!email || email === PLACEHOLDER.email) return;
    for (const account of await this.repo.accountsOf(accountIdOf(email), [doc.partnerId])) {
      const others = account.approvedApplicationIds.filter((id) => id !== doc._id);
      if ((await this.repo.countNotAnonymised(others)) === 0) await this.repo.rekeyAccount(account);
    }
  }

  /** The scheduled pass: every application past its class's retention, anonymised; how many of each class. */
  async anonymiseDue(now: Date = this.clock.now(), stopping: () => boolean = () => false): Promise<Record<DataClass, number>> {
    const done: Record<DataClass, number> = { CREDIT_RECORD: 0, NOT_FINANCED: 0 };
    const classes: Array<[DataClass, number]> = [
      ['CREDIT_RECORD', this.policy.creditRecordsMs],
      ['NOT_FINANCED', this.policy.notFinancedMs],
    ];
    for (const [dataClass, retentionMs] of classes) {
      const before = new Date(now.getTime() - retentionMs);
      // a backlog (the first run after a deployment) goes in batches; a stop ends it between
      // two applications, and the next run goes on where it stopped
      for (let more = true; more && !stopping(); ) {
        const ids = await this.repo.duePast(dataClass, before, BATCH);
        for (const id of ids) {
          if (stopping()) break;
          if ((await this.anonymise(id, 'retention')) === 'ANONYMISED') done[dataClass]++;
        }
        more = ids.length === BATCH;
      }
    }
    if (done.CREDIT_RECORD + done.NOT_FINANCED) this.log.info({ anonymised: done }, 'applications past retention anonymised');
    return done;
  }

  /** What an erasure of the person would do, changing nothing. */
  async erasurePlan(target: ErasureTarget): Promise<ErasurePlan> {
    const docs = await this.personsApplications(target);
    const now = this.clock.now();
    const applications = docs.map((d) => this.verdict(d, now));
    const partners = docs.map((d) => d.partnerId);
    const keys = new Set(
      docs
        .map((d) => d.customer?.email)
        .filter((e): e is string => !!e && e !== PLACEHOLDER.email)
        .map(accountIdOf),
    );
    const records = (await Promise.all([...keys].map((k) => this.repo.accountsOf(k, partners)))).flat();
    const keptIds = new Set(applications.filter((a) => a.action === 'KEPT').map((a) => a.applicationId));
    const countsKept = records.some((r) => r.approvedApplicationIds.some((id) => keptIds.has(id)));
    const accounts: ErasurePlan['accounts'] = !records.length
      ? { records: 0, action: 'NONE' }
      : countsKept
        ? {
            records: records.length,
            action: 'KEPT',
            why: 'the account counts approvals of credit records still under retention; it is re-keyed when the last of them is anonymised',
          }
        : { records: records.length, action: 'REKEY' };
    return { found: docs.length, applications, accounts };
  }

  /** Anonymises at once what carries no retention duty; the plan as carried out. */
  async erase(target: ErasureTarget, reason: string): Promise<ErasurePlan & { anonymised: number }> {
    const plan = await this.erasurePlan(target);
    let anonymised = 0;
    for (const v of plan.applications) {
      if (v.action === 'ANONYMISE' && (await this.anonymise(v.applicationId, `erasure: ${reason}`)) === 'ANONYMISED') anonymised++;
    }
    this.log.warn({ applications: plan.found, anonymised, kept: plan.applications.filter((a) => a.action === 'KEPT').length }, 'customer erased on request');
    return { ...plan, anonymised };
  }

  private verdict(d: ApplicationDoc, now: Date): ErasureVerdict {
    const base = { applicationId: d._id, partnerId: d.partnerId };
    const mark = (d as { privacy?: PrivacyMark }).privacy;
    if (mark?.anonymisedAt) return { ...base, action: 'ALREADY_ANONYMISED', anonymisedAt: mark.anonymisedAt };
    if (d.state === 'PROCESSING') {
      return { ...base, action: 'KEPT', reason: 'IN_PROGRESS', why: 'the application is still being decided: cancel it, then erase again' };
    }
    const dataClass = dataClassOf(d);
    if (dataClass === 'CREDIT_RECORD') {
      const keptUntil = new Date(d.updatedAt.getTime() + this.policy.creditRecordsMs);
      if (keptUntil > now) {
        return {
          ...base,
          action: 'KEPT',
          reason: 'CREDIT_RECORD',
          why: 'an approved application is a credit agreement: the consumer credit and anti-money-laundering acts oblige the lender to keep it (RETENTION_CREDIT_RECORDS_DAYS after its last change); the retention job anonymises it then',
          keptUntil,
        };
      }
    }
    return { ...base, action: 'ANONYMISE', dataClass };
  }

  private async personsApplications(target: ErasureTarget): Promise<ApplicationDoc[]> {
    if ('email' in target) return this.repo.findByEmail(target.email);
    const one = await this.repo.findById(target.applicationId);
    if (!one) return [];
    const email = one.customer?.email;
    if (!email || email === PLACEHOLDER.email) return [one];
    const all = await this.repo.findByEmail(email);
    return all.some((d) => d._id === one._id) ? all : [one, ...all];
  }
}
