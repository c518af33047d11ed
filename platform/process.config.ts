import Joi from 'joi';
import { boolean, configSection, runDefault } from './config.js';

/** The process as a whole: which kind of run this is, its logs, the sandbox rules. */
export const processSection = configSection({
  title: 'process',
  keys: {
    NODE_ENV: Joi.string().valid('development', 'production', 'test').default('development').description('development (local defaults), production or test'),
    LOG_LEVEL: Joi.string()
      .valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent')
      .default('info')
      .description('pino log level of the JSON logs on stdout'),
    SANDBOX: runDefault(boolean, true, false).description(
      'sandbox decision rules (+approve / +reject e-mails auto-decide); on by default locally, off by default in production',
    ),
  },
  shape: (v) => ({
    env: v.NODE_ENV as 'development' | 'production' | 'test',
    logLevel: v.LOG_LEVEL as string,
    sandbox: v.SANDBOX as boolean,
  }),
});
