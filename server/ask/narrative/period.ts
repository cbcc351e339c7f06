// The periods the narrative covers: whole weeks ending at the last full hour, so the same week read
// twice within an hour has the same bounds (and the same cached narrative).

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;
/** How many weeks back the narrative can be read. */
export const MAX_WEEKS_AGO = 12;

/** The week `weeksAgo` weeks before the one ending at the last full hour before `now`. */
export function weekPeriod(now: Date, weeksAgo: number): { from: Date; to: Date } {
  const to = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - weeksAgo * WEEK_MS;
  return { from: new Date(to - WEEK_MS), to: new Date(to) };
}
