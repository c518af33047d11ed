import type { Db } from 'mongodb';
import type { ApplicationDoc } from '../application.model.js';

/**
 * What each application's customer owes for the goods (its order's total, minor units), read
 * by id for the operators' integrity check, which compares it with what the partner was paid.
 */
export function orderTotals(db: Db): (applicationId: string) => Promise<number | undefined> {
  const applications = db.collection<ApplicationDoc>('applications');
  return async (applicationId) => {
    const doc = await applications.findOne({ _id: applicationId }, { projection: { 'order.totalPrice': 1 } });
    return doc?.order?.totalPrice?.amount;
  };
}
