"use client";
// Roll the placement policy back to an earlier version: asks first, then saves a new active version equal
// to the chosen one (the versions in between stay in the history).
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import { ConfirmButton } from "@/components/ui/confirm-button";

export function PolicyRollbackButton({ version, activeVersion, changeCount }: { version: number; activeVersion: number; changeCount: number }) {
  const trpc = useTRPC();
  const router = useRouter();
  const rollback = useMutation(trpc.policies.rollback.mutationOptions({ onSuccess: () => router.refresh() }));
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <ConfirmButton
        className="px-2 py-1 text-xs"
        aria-label={`Roll back to version ${version}`}
        title={`Roll back to v${version}?`}
        body={
          <p>
            This saves a new version v{activeVersion + 1} with the weights and constraints of v{version}
            {changeCount > 0 ? `, changing ${changeCount} setting${changeCount === 1 ? "" : "s"} from the active v${activeVersion}` : ""}. The scheduler uses it
            from its next cycle. Every version stays in the history, and the change is audited.
          </p>
        }
        confirmLabel={`Roll back to v${version}`}
        disabled={rollback.isPending}
        onConfirm={() => rollback.mutate({ version })}
      >
        {rollback.isPending ? "Rolling back…" : "Roll back to this version"}
      </ConfirmButton>
      {rollback.error && (
        <span role="alert" className="text-xs text-red-700">
          {messageOf(rollback.error)}
        </span>
      )}
      {rollback.data && (
        <span role="status" className="text-xs text-leaf-800">
          Saved as v{rollback.data.version}.
        </span>
      )}
    </span>
  );
}
