import type { AppRouter } from '../../platform/http/create-app.js';
import { validate } from '../../platform/http/validate.js';
import { loginRequestSchema } from './auth.schemas.js';
import type { AuthService } from './auth.service.js';

export const LOGIN_PATH = '/authentication/v1/partner';

export function mountAuthRoutes(router: AppRouter, auth: AuthService): void {
  router.post(LOGIN_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const { username, password } = validate(loginRequestSchema, ctx.request.body);
    // ctx.ip: the socket's address, or X-Forwarded-For's last hop when TRUST_PROXY (create-app.ts)
    ctx.body = await auth.login(username, password, ctx.ip);
  });
}
