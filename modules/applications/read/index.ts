/** The partner's reads, which the sandbox (decision/) answers with too. */
export { ApplicationReads, type OrderLookup } from './application-reads.js';
