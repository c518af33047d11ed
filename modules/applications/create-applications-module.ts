import type { Platform } from '../../platform/module.js';
import type { AuthModule } from '../auth/index.js';
import { ApplicationRepository } from './application.repository.js';
import { ApplicationService } from './application.service.js';
import { GatewayLinks } from './gateway/gateway-links.js';
import { applicationNotFound } from './application.errors.js';
import type { ApplicationsModule } from './index.js';

export interface ApplicationsModuleDeps {
  auth: Pick<AuthModule, 'requireAuth'>;
}

/** Composition root of the applications module. */
export async function createApplicationsModule(platform: Platform, deps: ApplicationsModuleDeps): Promise<ApplicationsModule> {
  const { config } = platform;
  const repo = new ApplicationRepository(platform.db, platform.outbox);
  await repo.init();
  const links = new GatewayLinks(repo, config.http.publicBaseUrl);
  await links.init();
  const logger = platform.logger.child({ module: 'applications' });
  const service = new ApplicationService({ repo, links, logger, config: { recurrenceValidityMs: config.recurrenceValidityMs } });
  void deps;
  return {
    name: 'applications',
    changeApplication: (partnerId, applicationId, decide) => service.change(partnerId, applicationId, decide),
    getApplication: async (partnerId, applicationId) => {
      const doc = await repo.findForPartner(partnerId, applicationId);
      if (!doc) throw applicationNotFound('OBJECT_NOT_FOUND');
      return doc;
    },
  };
}
