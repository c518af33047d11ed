import { AppError, InvalidRequestError } from '../../platform/errors.js';
import { IdempotentWrite, Reply, isValidKey, keptOf, type IdempotencyStore, type Rendered } from '../../platform/idempotency.js';
import { keepsStatus } from '../../platform/http/idempotency.js';

/** What became of a submitted form: done now, or done (or refused) by an earlier submit of the same form. */
export type FormOutcome<D> = { kind: 'done'; doc: D } | { kind: 'replayed'; status: number };

/**
 * Runs a portal form's write once per form: the key the form carries (generated when the page
 * was rendered) is claimed like an Idempotency-Key header, in the API's own store under the
 * form's namespace, and the write keeps its answer in the same atomic change as its effect, so
 * a double click, a reload of the POST or a retry has one effect (a crash between the write
 * and the claim's answer included). A refusal that a retry would repeat is kept as the answer;
 * one that may pass later (400, 409, 429, a failure) releases the key.
 */
export async function oncePerForm<D extends { _id: string; version: number }>(
  keys: IdempotencyStore,
  req: { partnerId: string; namespace: string; formKey: string; fingerprint: string },
  render: (doc: D) => Rendered,
  run: (reply: Reply<D>) => Promise<D>,
): Promise<FormOutcome<D>> {
  const key = `${req.namespace}:${req.formKey}`;
  if (!isValidKey(key) || !/^[0-9a-f-]{36}$/.test(req.formKey))
    throw new InvalidRequestError('The form has no valid idempotency key: reload the page.', { attribute: 'key' });
  const claim = await keys.claim(req.partnerId, key, req.fingerprint);
  if (claim.kind === 'replay') return { kind: 'replayed', status: claim.response.status };
  if (claim.kind === 'reused') throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This form was already sent with other values: reload the page.', { status: 422 });
  if (claim.kind === 'in-use')
    throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'This form is still being processed: reload the page in a moment.', { status: 409 });
  const write = new IdempotentWrite(claim.keyHash, claim.expiresAt);
  const reply = new Reply<D>(render, write);
  let doc: D | undefined;
  let failure: unknown;
  try {
    doc = await run(reply);
  } catch (err) {
    failure = err;
  } finally {
    write.close();
  }
  // a committed write decides the answer, even if something after it failed
  if (write.kept) {
    await keys.finish(claim.keyHash, claim.owner, write.kept);
    return doc ? { kind: 'done', doc } : { kind: 'replayed', status: write.kept.status };
  }
  if (doc) {
    await keys.finish(claim.keyHash, claim.owner, keptOf(reply.answer(doc)));
    return { kind: 'done', doc };
  }
  if (failure instanceof AppError && keepsStatus(failure.status)) {
    await keys.finish(claim.keyHash, claim.owner, { status: failure.status, body: JSON.stringify({ code: failure.code, message: failure.message }) });
  } else {
    await keys.release(claim.keyHash, claim.owner);
  }
  throw failure;
}
