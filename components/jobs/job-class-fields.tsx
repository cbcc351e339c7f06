"use client";
// The job's priority class (the default class preselected once the classes load) and how often it
// saves a checkpoint: a class that may preempt takes GPUs from lower preemptible classes, and a
// preempted or interrupted run resumes from its last checkpoint instead of from the start.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Field, Input, Select } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import type { JobFormSectionProps } from "./job-form-types";

/** Class select and checkpoint interval (minutes, optional). */
export function JobClassFields({ form, errors }: JobFormSectionProps) {
  const trpc = useTRPC();
  const classes = useQuery(trpc.priorityClasses.choices.queryOptions());
  const { register, setValue, getValues } = form;
  const defaultId = classes.data?.find((c) => c.isDefault)?.id;
  useEffect(() => {
    if (defaultId && getValues("priorityClassId") === "") setValue("priorityClassId", defaultId);
  }, [defaultId, getValues, setValue]);
  const chosen = classes.data?.find((c) => c.id === form.watch("priorityClassId"));
  const hint = chosen
    ? `Priority ${chosen.priority.toLocaleString("en-US")}${chosen.canPreempt ? "; may preempt lower classes" : ""}${chosen.preemptible ? "; may be preempted" : "; never preempted"}.`
    : "Higher classes go first.";
  return (
    <>
      <Field id="priorityClassId" label="Priority class" error={errors.priorityClassId} hint={hint}>
        <Select id="priorityClassId" {...register("priorityClassId")} invalid={!!errors.priorityClassId}>
          {!classes.data && <option value="">Default class</option>}
          {classes.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
              {c.isDefault ? " (default)" : ""}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="checkpointIntervalS"
        label="Checkpoint every (minutes, optional)"
        error={errors.checkpointIntervalS}
        hint="If preempted, the job resumes from its last checkpoint; empty = no checkpoints."
      >
        <Input id="checkpointIntervalS" type="number" min="1" step="1" {...register("checkpointMinutes")} invalid={!!errors.checkpointIntervalS} />
      </Field>
    </>
  );
}
