/** What other modules use of the read log: the calendar of its range tabs (Asia/Tokyo days). */
export { addDays, dayStart, eachDay, rangeDays } from './days';
