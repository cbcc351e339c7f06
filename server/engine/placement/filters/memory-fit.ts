/** Filter memory-fit: requested MiB <= free MiB. */
import { fail, PASS, type FilterPlugin } from "../types";

/** Rejects nodes with less free memory than requested (INSUFFICIENT_MEMORY, numbers in MiB). */
export const memoryFitFilter: FilterPlugin = {
  name: "memory-fit",
  cacheable: true,
  passes: (node, job) => job.memoryMib <= node.memoryMibFree,
  filter: (node, job) =>
    job.memoryMib <= node.memoryMibFree
      ? PASS
      : fail({
          code: "INSUFFICIENT_MEMORY",
          resource: "memory",
          unit: "mib",
          requested: job.memoryMib,
          available: node.memoryMibFree,
          capacity: node.memoryMibCapacity,
        }),
};
