/**
 * The explanation's elastic section of a chosen part: the gang's member range and the count it was
 * placed with, and the sentence that says so. Absent for fixed-size jobs, so their explanations keep
 * their shape.
 */
import type { CoordinatorExplanation } from "./explanation-schema";
import type { FleetJob } from "./types";
import { elasticSizes } from "./variants";

type Elastic = NonNullable<CoordinatorExplanation["chosen"][number]["elastic"]>;

/** The elastic section of a part placed with `members` members ({} for a fixed-size job). */
export function elasticOf(job: FleetJob, members: number): { elastic?: Elastic } {
  if (elasticSizes(job).length <= 1) return {};
  return { elastic: { minMembers: job.minMembers as number, maxMembers: job.gangSize, members } };
}

/** The elastic sentence: the size it starts with and why, or how it grew. */
export function elasticSentence(e: Elastic): string {
  if (e.shrunkFrom !== undefined)
    return `Elastic gang (${e.minMembers}..${e.maxMembers} members): shrunk from ${e.shrunkFrom} to ${e.members} members so a higher-priority job could start; the run keeps its progress and grows again when capacity frees.`;
  if (e.grownFrom !== undefined)
    return `Elastic gang (${e.minMembers}..${e.maxMembers} members): grew from ${e.grownFrom} to ${e.members} members as capacity freed; the run keeps its progress and finishes the rest faster.`;
  return e.members >= e.maxMembers
    ? `Elastic gang (${e.minMembers}..${e.maxMembers} members): runs with all ${e.maxMembers}.`
    : `Elastic gang (${e.minMembers}..${e.maxMembers} members): starts with ${e.members} because ${e.members + 1} or more do not fit as soon; it grows when capacity frees.`;
}
