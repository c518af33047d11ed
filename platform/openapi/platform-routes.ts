import Joi from 'joi';
import type { AppRouter } from '../http/create-app.js';
import { declareRoute } from './registry.js';

const componentHealth = Joi.object({ status: Joi.string().valid('UP', 'DOWN').required() });

/** Response of GET /v1/health. */
export const healthResponseSchema = Joi.object({
  status: Joi.string().valid('UP', 'DEGRADED', 'DOWN', 'MAINTENANCE').required(),
  projectVersion: Joi.string().required().description('"<name> <version>"'),
  // named keys: joi-to-json turns a `.pattern(Joi.string(), …)` map into an object that allows no key at all
  components: Joi.object({ mongo: componentHealth, kafka: componentHealth }).description("the API's dependencies"),
}).label('Health');

/** Declares the routes the platform mounts itself (health; the docs are internal). */
export function declarePlatformRoutes(router: AppRouter): void {
  declareRoute(router, {
    method: 'get',
    path: '/v1/health',
    operationId: 'health',
    summary: 'Health check',
    description:
      'Readiness, no token needed. 200 `{status: "UP", projectVersion, components}`; 200 `DEGRADED` when Kafka is down but the service still works (events wait in the outbox); 503 with an errors body when the database is down, when a Kafka topic the service needs does not exist (it runs with `KAFKA_TOPICS=check`, which creates none), or during a planned outage (MAINTENANCE).',
    tags: ['Health'],
    auth: 'none',
    responses: { 200: { description: 'The API can serve requests (UP or DEGRADED).', schema: healthResponseSchema } },
    errors: [
      { status: 503, code: 'MAINTENANCE', when: 'planned outage' },
      { status: 503, code: 'DEPENDENCY_DOWN', when: 'MongoDB is not reachable' },
      { status: 503, code: 'TOPICS_MISSING', when: 'a Kafka topic the service needs does not exist (`KAFKA_TOPICS=check`); the message names it' },
    ],
  });
  declareRoute(router, {
    method: 'get',
    path: '/v1/health/live',
    operationId: 'liveness',
    summary: 'Liveness check',
    description:
      'No token needed. 200 while the process answers; no dependency is checked, so an outage of the database or Kafka never gets a healthy instance restarted.',
    tags: ['Health'],
    auth: 'none',
    responses: {
      200: {
        description: 'The process is alive.',
        schema: Joi.object({ status: Joi.string().valid('UP').required(), projectVersion: Joi.string().required() }).label('Liveness'),
      },
    },
    errors: [],
  });
}
