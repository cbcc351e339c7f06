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

/** "Elastic: starts with 2 of up to 8 members ..." */
export function elasticSentence(e: Elastic): string {
  return e.members >= e.maxMembers
    ? `Elastic gang (${e.minMembers}..${e.maxMembers} members): runs with all ${e.maxMembers}.`
    : `Elastic gang (${e.minMembers}..${e.maxMembers} members): starts with ${e.members} because ${e.members + 1} or more do not fit as soon; it grows when capacity frees.`;
}
