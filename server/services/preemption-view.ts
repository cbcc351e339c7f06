/**
 * What a viewer may see of a decision's preemption section: operators and admins see every victim; a
 * tenant member sees its own tenant's victims and, for the others, only that a job of another tenant
 * was preempted with the work it lost (no job id, no tenant), as tenants never see each other's jobs.
 */
import type { CoordinatorExplanation } from "../engine";
import type { SessionUser } from "../auth/session-user";

/** Placeholder for another tenant's job or tenant in a tenant member's view. */
export const OTHER_TENANT = "another tenant";
/** Placeholder for a job the planner only weighed, in a tenant member's view. */
export const WEIGHED_JOB = "a running job";

/** The explanation with other tenants' victims anonymised for a tenant member (unchanged for others). */
export function preemptionForViewer(explanation: CoordinatorExplanation, user: SessionUser): CoordinatorExplanation {
  const p = explanation.preemption;
  if (!p || user.role !== "TENANT_MEMBER") return explanation;
  const own = (tenant: string) => tenant === user.tenantId;
  const hidden = new Map<string, string>();
  p.victims.forEach((v, i) => {
    if (!own(v.tenant)) hidden.set(v.jobId, `${OTHER_TENANT} #${i + 1}`);
  });
  const mask = (id: string) => hidden.get(id) ?? id;
  return {
    ...explanation,
    preemption: {
      ...p,
      victims: p.victims.map((v) => (own(v.tenant) ? v : { ...v, jobId: mask(v.jobId), tenant: OTHER_TENANT })),
      // Jobs only weighed (not chosen) carry no tenant in the section: shown without their id.
      alternatives: p.alternatives.map((a) => ({
        ...a,
        victimIds: a.victimIds.map((id) => (hidden.has(id) ? mask(id) : p.victims.some((v) => v.jobId === id) ? id : WEIGHED_JOB)),
      })),
    },
  };
}
