import type { Verb } from '../verb.js';
import { create } from './partners/create.js';
import { list } from './partners/list.js';
import { show } from './partners/show.js';
import { setApiVersion } from './partners/set-api-version.js';
import { setDisplayName } from './partners/set-display-name.js';
import { setBankAccount } from './partners/set-bank-account.js';
import { disable } from './partners/disable.js';
import { enable } from './partners/enable.js';
import { rotatePassword } from './partners/rotate-password.js';
import { rotateWebhookSecret } from './partners/rotate-webhook-secret.js';
import { revokeTokens } from './partners/revoke-tokens.js';
import { portalOwner } from './partners/portal-owner.js';
import { rotateSigningKey } from './keys/rotate-signing-key.js';
import { reencrypt } from './keys/reencrypt.js';
import { backfillLines } from './ledger/backfill-lines.js';
import { check } from './ledger/check.js';
import { deadLetters } from './kafka/dead-letters.js';
import { replay } from './kafka/replay.js';
import { reconcile } from './kafka/reconcile.js';
import { audit } from './data/audit.js';
import { topics } from './kafka/topics.js';
import { apply } from './migrate/apply.js';
import { status } from './migrate/status.js';
import { erase } from './customers/erase.js';

/** Every verb, in the order its group's help lists it. A new verb: its file, and a line here. */
export const VERBS: readonly Verb[] = [
  create,
  list,
  show,
  setApiVersion,
  setDisplayName,
  setBankAccount,
  disable,
  enable,
  rotatePassword,
  rotateWebhookSecret,
  revokeTokens,
  portalOwner,
  rotateSigningKey,
  reencrypt,
  backfillLines,
  check,
  erase,
  deadLetters,
  replay,
  reconcile,
  topics,
  audit,
  apply,
  status,
];
