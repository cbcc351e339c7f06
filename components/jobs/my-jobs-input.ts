// What the tenant's jobs table asks `jobs.mine` for. A plain module (not a client one), so the page can
// render the first answer on the server with the same page size the table polls with.

/** Rows per page. */
export const MY_JOBS_PAGE_SIZE = 25;

/** The page number in the URL as the table reads it: anything but a whole number from 1 is page 1. */
export function myJobsPageOf(value: string | string[] | undefined): number {
  const n = Number(Array.isArray(value) ? value[0] : (value ?? "1"));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
