/** Expiry: PROCESSING applications past APPLICATION_TTL and READY recurrences past their validity. */
export { ExpirySweeper } from './expiry.sweeper.js';
export { ExpirySchedule } from './expiry.schedule.js';
