/** Filter cpu-fit: requested milli-CPU <= free milli-CPU. */
import { fail, PASS, type FilterPlugin } from "../types";

/** Rejects nodes with less free CPU than requested (INSUFFICIENT_CPU, numbers in milli-CPU). */
export const cpuFitFilter: FilterPlugin = {
  name: "cpu-fit",
  cacheable: true,
  passes: (node, job) => job.cpuMilli <= node.cpuMilliFree,
  filter: (node, job) =>
    job.cpuMilli <= node.cpuMilliFree
      ? PASS
      : fail({
          code: "INSUFFICIENT_CPU",
          resource: "cpu",
          unit: "milliCpu",
          requested: job.cpuMilli,
          available: node.cpuMilliFree,
          capacity: node.cpuMilliCapacity,
        }),
};
