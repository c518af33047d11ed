import Joi from 'joi';
import { configSection, duration } from './config.js';
import { parseDuration } from './duration.js';

/** The MongoDB-wire store. */
export const storeSection = configSection({
  title: 'store',
  keys: {
    MONGO_URL: Joi.string()
      .pattern(/^mongodb(\+srv)?:\/\//)
      .required()
      .description('MongoDB-wire connection string (npm start: the local stack when unset)'),
    STORE_TIMEOUT: duration
      .default('1500ms')
      .description(
        'how long one store operation may wait for an answer (and for a server to be found) before the request gets a retryable 503; raise it for stores that scan large collections',
      ),
    MONGO_DB: Joi.string()
      .pattern(/^[A-Za-z0-9_-]{1,60}$/)
      .default('partner_financing')
      .description('database name'),
  },
  shape: (v) => ({ url: v.MONGO_URL as string, db: v.MONGO_DB as string, timeoutMs: parseDuration(v.STORE_TIMEOUT) }),
});
