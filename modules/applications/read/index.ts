/** The partner's reads: GET an application, and the order lookup the orders module serves. */
export { ApplicationReads, type OrderLookup } from './application-reads.js';
export { mountReadRoutes } from './read.routes.js';
