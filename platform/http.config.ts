import Joi from 'joi';
import { readFileSync } from 'node:fs';
import { boolean, configSection, duration, port, runDefault, secretAsFile } from './config.js';
import { parseDuration } from './duration.js';

/** The API's listeners, its public address, TLS, draining and maintenance. */
export const httpSection = configSection({
  title: 'HTTP',
  keys: {
    HTTPS_PORT: port.default(8443).description('HTTPS listener of the API'),
    HTTP_PORT: port.default(8080).description('plain HTTP listener: redirects to HTTPS'),
    BIND_HOST: Joi.string().default('127.0.0.1').description('address the API listens on; 0.0.0.0 in containers'),
    PUBLIC_BASE_URL: Joi.string()
      .uri({ scheme: ['https', 'http'] })
      .default('https://localhost:8443')
      .description('external base URL used in gateway links and redirects'),
    TLS_CERT_FILE: Joi.string().description(
      'PEM certificate; a self-signed one is generated when unset. A renewed file (and its key) is picked up without a restart: on a change in its directory, on SIGHUP, and every minute',
    ),
    TLS_KEY_FILE: Joi.string().meta(secretAsFile).description('PEM private key matching TLS_CERT_FILE'),
    TRUST_PROXY: boolean.default(false).description('honour X-Forwarded-Proto/-For from a TLS-terminating proxy'),
    MAINTENANCE: boolean.default(false).description('planned outage: health answers 503'),
    SHUTDOWN_DELAY: runDefault(duration, '0s', '5s').description(
      'after SIGTERM the API keeps serving this long while its readiness answers 503 DRAINING, so a load balancer takes it out before it stops listening; then it drains in-flight requests',
    ),
  },
  rules: (o) => o.and('TLS_CERT_FILE', 'TLS_KEY_FILE'),
  shape: (v) => ({
    httpsPort: v.HTTPS_PORT as number,
    httpPort: v.HTTP_PORT as number,
    host: v.BIND_HOST as string,
    publicBaseUrl: (v.PUBLIC_BASE_URL as string).replace(/\/$/, ''),
    trustProxy: v.TRUST_PROXY as boolean,
    tls: v.TLS_CERT_FILE
      ? {
          cert: readFileSync(v.TLS_CERT_FILE, 'utf8'),
          key: readFileSync(v.TLS_KEY_FILE, 'utf8'),
          certFile: v.TLS_CERT_FILE as string,
          keyFile: v.TLS_KEY_FILE as string,
        }
      : undefined,
    maintenance: v.MAINTENANCE as boolean,
    shutdownDelayMs: parseDuration(v.SHUTDOWN_DELAY),
  }),
});
