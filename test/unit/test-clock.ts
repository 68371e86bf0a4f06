// The clock the in-process tests share: the simulator's catalogue (which dates exist, which orders
// are active, which units a date covers) and the workflows' "today" both follow it, so a test
// that depends on the catalogue sees the same world on any day the suite runs (npm run
// test:dates runs the suite at other days under faketime). It starts at TEST_EPOCH and runs on in
// real time, so timeouts, order status steps and retries behave as on a real clock.
import { pinnedClock } from '../simulator/test-helpers';

/** The day the catalogue-dependent tests were written against. */
const TEST_EPOCH = '2026-11-26T10:00:00Z';

export const testClock: () => number = pinnedClock(TEST_EPOCH);

/** The workflows' `now` port on the same clock as the simulator's. */
export const testNow = (): Date => new Date(testClock());
