"use client";
// Priority classes: a table of the classes with their unfinished jobs, and a form beside it to add a
// class or edit the one chosen.
import { useState } from "react";
import { PriorityClassForm, type PriorityClassRow } from "./priority-class-form";
import { PriorityClassTable } from "./priority-class-table";
import { StatusNote } from "@/components/admin/form-support";

/** The classes with their add/edit form. */
export function PriorityClassManager({ classes }: { classes: PriorityClassRow[] }) {
  const [editing, setEditing] = useState<PriorityClassRow | null>(null);
  const [note, setNote] = useState("");
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
      <div className="flex flex-col gap-3">
        <StatusNote>{note}</StatusNote>
        <PriorityClassTable
          classes={classes}
          onEdit={(c) => {
            setNote("");
            setEditing(c);
          }}
        />
      </div>
      <PriorityClassForm
        key={editing?.id ?? "new"}
        editing={editing}
        onDone={(message) => {
          setNote(message);
          setEditing(null);
        }}
      />
    </div>
  );
}
