import Joi from 'joi';
import type { AppRouter } from '../http/create-app.js';
import { declareRoute } from './registry.js';

/** Response of GET /v1/health (DESIGN 18). */
export const healthResponseSchema = Joi.object({
  status: Joi.string().valid('UP', 'DOWN', 'MAINTENANCE').required(),
  projectVersion: Joi.string().required().description('"<name> <version>"'),
  components: Joi.object().pattern(Joi.string(), Joi.object({ status: Joi.string().valid('UP', 'DOWN') })),
}).label('Health');

/** Declares the routes the platform mounts itself (health; the docs are internal). */
export function declarePlatformRoutes(router: AppRouter): void {
  declareRoute(router, {
    method: 'get',
    path: '/v1/health',
    operationId: 'health',
    summary: 'Health check',
    description: 'No token needed. 200 `{status: "UP", projectVersion}`; a planned outage (MAINTENANCE) or an unreachable dependency gives 503 with an errors body.',
    tags: ['Health'],
    auth: 'none',
    responses: { 200: { description: 'The API is up.', schema: healthResponseSchema } },
    errors: [
      { status: 503, code: 'MAINTENANCE', when: 'planned outage' },
      { status: 503, code: 'DEPENDENCY_DOWN', when: 'MongoDB or Kafka is not reachable' },
    ],
  });
}
