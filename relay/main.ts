import { runEntryPoint } from '../platform/entry.js';
import { loadConfig } from '../config/index.js';
import { createPartnerDirectory } from '../modules/auth/index.js';
import { startRelay } from './create-relay.js';

/**
 * Entry point and composition root of the webhook relay process (npm run start:relay): the
 * one relay file that may name a domain module, to hand the relay the partners' secrets.
 */
runEntryPoint(
  'relay',
  () => loadConfig(),
  (config, logger) => startRelay(config, logger, { partnerSecrets: createPartnerDirectory }),
);
