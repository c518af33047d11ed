import { createPartnerOperations, type PartnerAdmin } from '../../../modules/auth/index.js';
import { UsageError, need, type Values, type VerbContext } from '../../verb.js';

/** The auth module's partner administration over the verb's store and clock. */
export async function partnerAdmin(ctx: VerbContext): Promise<PartnerAdmin> {
  return (await createPartnerOperations(ctx)).admin;
}

export const USERNAME = { username: { type: 'string' } } as const;
export const PASSWORD = { password: { type: 'string' }, 'password-stdin': { type: 'boolean' } } as const;
export const PASSWORD_USAGE = '(--password P | --password-stdin)';

/**
 * The password from --password, or from standard input (one line) with --password-stdin,
 * so that it appears in neither the shell history nor the process list.
 */
export async function password(ctx: VerbContext, values: Values): Promise<string> {
  if (values['password-stdin'] && values.password) throw new UsageError('give --password or --password-stdin, not both');
  if (values['password-stdin']) return (await ctx.stdin()).replace(/\r?\n$/, '');
  return need(values, 'password');
}
