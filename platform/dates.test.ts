import { expect } from 'chai';
import { addDays, localDate } from './dates.js';

describe('calendar dates', () => {
  it('when a date crosses a month or leap day, then addDays stays on the calendar', () => {
    expect(addDays('2024-01-31', 30)).to.equal('2024-03-01');
    expect(addDays('2023-12-15', 50)).to.equal('2024-02-03');
  });

  it('when an instant is near midnight UTC, then the local date is the Prague date', () => {
    expect(localDate(new Date('2024-06-30T22:30:00Z'))).to.equal('2024-07-01');
  });
});
