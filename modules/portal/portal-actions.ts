import { html, type SafeHtml } from '../../platform/http/html.js';
import type { AppContext } from '../../platform/http/state.js';
import type { ApplicationPage } from './portal-applications.service.js';
import { portalOf } from './portal.http.js';

/** The actions block of an application page (the forms of the allowed actions). */
export type ActionsView = (ctx: AppContext, page: ApplicationPage) => SafeHtml;

export const noActions: ActionsView = (ctx, page) => {
  const { m } = portalOf(ctx);
  return html`<section aria-labelledby="act-h"><h2 id="act-h">${m.allowedActions}</h2><p>${page.allowed.length ? page.allowed.join(', ') : m.noActions}</p></section>`;
};
