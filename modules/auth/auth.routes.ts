import type { AppRouter } from '../../platform/http/create-app.js';
import { validate } from '../../platform/http/validate.js';
import { declareRoute } from '../../platform/openapi/registry.js';
import { loginRequestSchema, loginResultSchema } from './auth.schemas.js';
import type { AuthService } from './auth.service.js';

export const LOGIN_PATH = '/authentication/v1/partner';

export function mountAuthRoutes(router: AppRouter, auth: AuthService): void {
  declareRoute(router, {
    method: 'post',
    path: LOGIN_PATH,
    operationId: 'login',
    summary: 'Log in (obtain an access token)',
    tags: ['Authentication'],
    auth: 'none',
    request: { body: loginRequestSchema },
    responses: { 200: { description: 'A bearer token valid for 7200 s.', schema: loginResultSchema } },
    errors: [
      { status: 400, code: 'INVALID_REQUEST', when: 'username or password missing' },
      { status: 400, code: 'INVALID_CREDENTIALS', when: 'wrong username or password (as OAuth 2.0 token endpoints answer)' },
      { status: 429, code: 'TOO_MANY_LOGIN_ATTEMPTS', when: 'too many failed attempts for the username or the client address' },
    ],
  });
  router.post(LOGIN_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const { username, password } = validate(loginRequestSchema, ctx.request.body);
    // ctx.ip: the socket's address, or X-Forwarded-For's last hop when TRUST_PROXY (create-app.ts)
    ctx.body = await auth.login(username, password, ctx.ip, ctx.state.log);
  });
}
