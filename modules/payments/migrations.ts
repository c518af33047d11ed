import type { Migration } from '../../platform/migrations.js';
import { MongoLedgerRepository } from './ledger.repository.js';
import { MongoSettlementsRepository } from './settlements.repository.js';
import { MongoPaymentLinesRepository } from './payment-lines.repository.js';
import { backfillLines } from './backfill-lines.js';

/** The payments module's steps, in order; ids are never renamed once shipped. */
export const paymentsMigrations: readonly Migration[] = [
  {
    id: 'payments-0001-indexes',
    description: 'payment_ledgers, settlements, payment_lines: versioned writes, lists, the cut-off job',
    up: async (db) => {
      await MongoLedgerRepository.createIndexes(db);
      await MongoSettlementsRepository.createIndexes(db);
      await MongoPaymentLinesRepository.createIndexes(db);
    },
  },
  {
    // a data change: writes only the lines still missing, so a re-run after a failure finishes it
    id: 'payments-0002-backfill-lines',
    description: 'payment_lines: a line for every ledger record made before payment lines existed',
    up: async (db) => {
      await backfillLines(db);
    },
  },
];
