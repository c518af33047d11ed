import Joi from 'joi';
import { configSection, port } from './config.js';

/** The Prometheus listeners of the API and the relay. */
export const metricsSection = configSection({
  title: 'metrics',
  keys: {
    API_METRICS_PORT: port.default(9464).description('Prometheus /metrics of the API'),
    RELAY_METRICS_PORT: port.default(9465).description('Prometheus /metrics of the relay'),
    METRICS_HOST: Joi.string().default('127.0.0.1').description('address of the /metrics listeners'),
  },
  shape: (v) => ({ host: v.METRICS_HOST as string, apiPort: v.API_METRICS_PORT as number, relayPort: v.RELAY_METRICS_PORT as number }),
});
