import type { Page } from 'playwright-core';
import type { Config } from '../../config/index.js';
import type { Clock } from '../../platform/clock.js';
import { totpCode } from '../../modules/portal/totp.js';
import type { TestApi } from '../support/api.js';
import { partnersCliJson } from '../support/partners-cli.js';
import type { TestResponse } from '../support/http.js';

/** The partners CLI as an operator runs it: the first owner of a partner and the printed setup link. */
export function portalOwnerByCli(config: Config, partnerUsername: string, email: string): Promise<{ setupLink: string; userId: string; role: string }> {
  return partnersCliJson(config, ['portal-owner', '--username', partnerUsername, '--email', email, '--name', 'Olga Owner'], {
    env: { PUBLIC_BASE_URL: config.http.publicBaseUrl },
  });
}

/** The portal user a test drives: its password and TOTP secret (read from the setup page, as a person would). */
export interface PortalUser {
  email: string;
  password: string;
  secret?: string;
}

/**
 * Completes a setup link in the browser: password twice, and the code of the key the page
 * shows (computed here with `at`'s time, as an authenticator app would).
 */
export async function completeSetup(page: Page, link: string, user: { email: string; password: string }, clock: Clock, enrol = true): Promise<PortalUser> {
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Password again').fill(user.password);
  // shown in groups of four, as people type it into an app
  const secret = (await page.locator('#totp-secret').textContent())!.replace(/\s/g, '');
  if (enrol) await page.getByLabel('Code from the authenticator app').fill(totpCode(secret, clock.now()));
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByText('Your account is ready').waitFor();
  return { ...user, ...(enrol ? { secret } : {}) };
}

/** Signs in with the code of `at` (a step after the one used before: every code works once). */
export async function signIn(page: Page, base: string, user: PortalUser, at: Date): Promise<void> {
  await page.goto(`${base}/portal/sign-in`);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  if (user.secret) await page.getByLabel('Code from the authenticator app').fill(totpCode(user.secret, at));
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A form POST outside the browser, with the cookies a browser context holds. */
export async function postForm(
  t: TestApi,
  page: Page,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<TestResponse> {
  const cookies = await page.context().cookies(t.baseUrl);
  return t.client.request('POST', path, {
    raw: new URLSearchParams(form).toString(),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'text/html',
      Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      ...headers,
    },
  });
}

/** The anti-forgery value of the page open in `page`. */
export async function csrfOf(page: Page): Promise<string> {
  return (await page.locator('input[name=csrf]').first().getAttribute('value'))!;
}
