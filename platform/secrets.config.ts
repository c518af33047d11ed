import Joi from 'joi';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { configSection, secretAsFile } from './config.js';

/** The master keys that seal secrets at rest (platform/secret-box.ts). */
export const secretsSection = configSection({
  title: 'secrets at rest',
  keys: {
    MASTER_KEY_FILE: Joi.string()
      .when('NODE_ENV', { is: 'production', then: Joi.required() })
      .meta({ localDefault: 'a development key kept in the cache', production: 'required', ...secretAsFile })
      .description(
        'file holding the 32-byte master key (raw, base64 or hex) that seals webhook secrets and token signing keys at rest (AES-256-GCM envelope); `openssl rand -base64 32`',
      ),
    MASTER_KEY_PREVIOUS_FILES: Joi.string()
      .default('')
      .meta(secretAsFile)
      .description(
        'comma-separated files of earlier master keys, during a rotation: records sealed under them still open until `ops keys reencrypt` has moved them to MASTER_KEY_FILE',
      ),
    PF_CACHE: Joi.string().description('the local cache directory (default ~/.cache/partner-financing): where a local run keeps its development master key'),
  },
  shape: (v) => ({
    ...(v.MASTER_KEY_FILE ? { masterKeyFile: v.MASTER_KEY_FILE as string } : {}),
    previousKeyFiles: (v.MASTER_KEY_PREVIOUS_FILES as string)
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean),
    developmentKeyFile: join((v.PF_CACHE as string | undefined) ?? join(homedir(), '.cache', 'partner-financing'), 'dev-master-key'),
  }),
});
