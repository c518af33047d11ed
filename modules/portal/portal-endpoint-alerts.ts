import { createHash } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import type { Logger } from '../../platform/logger.js';
import type { Clock } from '../../platform/clock.js';
import { ConcurrencyError } from '../../platform/errors.js';
import { isDuplicateKey } from '../../platform/mongo.js';
import { mailEntry } from '../../platform/mail.js';
import type { OutboxPublisher } from '../../platform/outbox-publisher.js';
import { VersionedStore, type Versioned } from '../../platform/versioned-store.js';
import type { EndpointHealth, WebhooksModule } from '../webhooks/index.js';
import { may, type PortalUserDoc } from './portal.model.js';
import type { PortalRepository } from './portal.repository.js';
import { endpointFailingMail, endpointRecoveredMail } from './portal-mail.js';

const DAY_MS = 86_400_000;

/** One endpoint's alert: open from the e-mail that it fails until the e-mail that it recovered. */
export interface EndpointAlertDoc extends Versioned {
  partnerId: string;
  url: string;
  /** the failure run the open alert is about (undefined once recovered) */
  failingSince?: Date;
  alertedAt?: Date;
  recoveredAt?: Date;
}

/**
 * E-mails a partner's technical contacts (enabled portal users who completed setup and may
 * act on webhooks: owners and operators) when one of its endpoints has failed for
 * PORTAL_ENDPOINT_ALERT_AFTER, and once more when it recovers, as Stripe and Svix do. The
 * endpoint's state is the webhooks page's (its newest attempts). The e-mails are outbox
 * entries of the alert's document, written in the version-guarded change that opens or
 * closes the alert; their ids derive from the failure run, so two API processes checking
 * at once send each e-mail once (the mail consumer's inbox drops the repeat).
 */
export class EndpointAlerts {
  private readonly store: VersionedStore<EndpointAlertDoc>;
  private readonly collection: Collection<EndpointAlertDoc>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    db: Db,
    outbox: OutboxPublisher,
    private readonly deps: {
      repo: PortalRepository;
      webhooks: Pick<WebhooksModule['service'], 'health'>;
      clock: Clock;
      logger: Logger;
      afterMs: number;
      publicBaseUrl: string;
    },
  ) {
    this.collection = db.collection('portal_endpoint_alerts');
    this.store = new VersionedStore(this.collection, outbox);
  }

  /** Registers the alerts with the outbox sweeper (their indexes come from the portal's migration). */
  async init(): Promise<void> {
    await this.store.init();
  }

  /** Built by the portal module's migration. */
  static async createIndexes(db: Db): Promise<void> {
    const collection = db.collection('portal_endpoint_alerts');
    await VersionedStore.createIndexes(collection);
    await collection.createIndex({ partnerId: 1 });
  }

  /** Checks every partner with technical contacts now and then (a quarter of the delay, at most a minute). */
  start(): void {
    if (this.deps.afterMs <= 0) return;
    const every = Math.max(200, Math.min(60_000, Math.floor(this.deps.afterMs / 4)));
    const tick = () => {
      this.running = this.checkAll()
        .catch((err) => this.deps.logger.warn({ err }, 'endpoint alert check failed; the next check tries again'))
        .finally(() => {
          this.running = undefined;
          if (this.timer) this.timer = setTimeout(tick, every);
        });
    };
    this.timer = setTimeout(tick, every);
  }

  async stop(): Promise<void> {
    const t = this.timer;
    this.timer = undefined;
    if (t) clearTimeout(t);
    await this.running;
  }

  async checkAll(): Promise<void> {
    const byPartner = new Map<string, PortalUserDoc[]>();
    for (const u of await this.deps.repo.technicalContacts()) {
      if (!u.enabled || !u.passwordHash || !may(u.role, 'redeliver')) continue;
      byPartner.set(u.partnerId, [...(byPartner.get(u.partnerId) ?? []), u]);
    }
    for (const [partnerId, contacts] of byPartner) await this.checkPartner(partnerId, contacts);
  }

  async checkPartner(partnerId: string, contacts: PortalUserDoc[]): Promise<void> {
    const now = this.deps.clock.now();
    const { endpoints } = await this.deps.webhooks.health(partnerId, new Date(now.getTime() - DAY_MS));
    const open = new Map((await this.collection.find({ partnerId }, { projection: { outbox: 0 } }).toArray()).map((a) => [a.url, a]));
    for (const e of endpoints) {
      const alert = open.get(e.url);
      if (e.status === 'FAILING' && e.failingSince && now.getTime() - e.failingSince.getTime() >= this.deps.afterMs && !alert?.failingSince) {
        await this.write(alert, partnerId, e, now, contacts, 'failing');
      } else if (e.status === 'HEALTHY' && alert?.failingSince) {
        await this.write(alert, partnerId, e, now, contacts, 'recovered');
      }
    }
  }

  private async write(
    alert: EndpointAlertDoc | undefined,
    partnerId: string,
    e: EndpointHealth,
    now: Date,
    contacts: PortalUserDoc[],
    what: 'failing' | 'recovered',
  ): Promise<void> {
    const id = alert?._id ?? createHash('sha256').update(`${partnerId}\n${e.url}`).digest('hex').slice(0, 32);
    const run = (what === 'failing' ? e.failingSince! : alert!.failingSince!).getTime();
    const link = `${this.deps.publicBaseUrl.replace(/\/$/, '')}/portal/webhooks`;
    const entries = contacts.map((c) => {
      const key = `endpoint-${what}-${id}-${run}-${c._id}`;
      const mail =
        what === 'failing'
          ? endpointFailingMail(c, { url: e.url, since: e.failingSince!, link, idempotencyKey: key })
          : endpointRecoveredMail(c, { url: e.url, at: e.recoveredAt ?? now, link, idempotencyKey: key });
      return mailEntry(mail, partnerId, now);
    });
    const set = what === 'failing' ? { failingSince: e.failingSince!, alertedAt: now } : { failingSince: null, recoveredAt: now };
    try {
      if (!alert) await this.store.insert({ _id: id, partnerId, url: e.url, ...set } as never, entries, now);
      else if (!(await this.store.update(alert, { set, entries }, now))) throw new ConcurrencyError('endpoint alert changed meanwhile');
      this.deps.logger.info({ partnerId, url: e.url, contacts: contacts.length }, `webhook endpoint ${what}: technical contacts e-mailed`);
    } catch (err) {
      // another API process wrote the same change first: its e-mails are the ones
      if (isDuplicateKey(err) || err instanceof ConcurrencyError) return;
      throw err;
    }
  }
}
