// The Status card of an experiment: state, times, progress while it runs, errors, and Cancel.
import type { ExperimentDetail } from "@/server/schemas/experiment";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Timestamp } from "@/components/time/timestamp";
import { StatusBadge } from "@/components/ui/status-badge";
import { isActive } from "./experiment-list";
import { wall } from "./experiment-format";
import { ExperimentSection as Section } from "./experiment-section";
import { ProgressBar } from "./progress-bar";

/** The status card; the cancel and refresh errors come as messages. */
export function ExperimentStatus(props: {
  e: ExperimentDetail;
  onCancel: () => void;
  cancelPending: boolean;
  cancelError: string | null;
  refreshError: string | null;
}) {
  const { e, onCancel, cancelPending, cancelError, refreshError } = props;
  const active = isActive(e.status);
  return (
    <Section id="status-title" title="Status">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" data-testid="experiment-status">
        <StatusBadge status={e.status} />
        <span className="text-slate-700">
          created <Timestamp value={e.createdAt} />
          {e.createdBy ? ` by ${e.createdBy}` : ""}
        </span>
        {e.startedAt && (
          <span className="text-slate-700">
            started <Timestamp value={e.startedAt} />
          </span>
        )}
        {e.finishedAt && (
          <span className="text-slate-700">
            finished <Timestamp value={e.finishedAt} />
          </span>
        )}
        {e.wallMs !== null && <span className="text-slate-700">wall time {wall(e.wallMs)}</span>}
        {active && (
          <ConfirmButton
            className="ml-auto"
            onConfirm={onCancel}
            disabled={cancelPending || e.cancelRequested}
            title="Cancel this experiment?"
            body="The experiment stops and is marked cancelled; start a new one to run it again."
            confirmLabel="Cancel experiment"
          >
            {e.cancelRequested ? "Cancelling…" : "Cancel experiment"}
          </ConfirmButton>
        )}
      </div>
      {active && (
        <div className="mt-4 flex flex-col gap-1" aria-live="polite">
          <ProgressBar value={e.progress} label="Experiment progress" />
          <p className="text-sm text-slate-700">
            {Math.round(e.progress * 100)} % · {e.status === "QUEUED" ? "waiting for the experiment runner" : (e.progressNote ?? "running")}
          </p>
        </div>
      )}
      {!active && e.progressNote && e.status !== "SUCCEEDED" && <p className="mt-3 text-sm text-slate-700">{e.progressNote}</p>}
      {e.error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {e.error}
        </p>
      )}
      {cancelError && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {cancelError}
        </p>
      )}
      {refreshError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          Could not refresh: {refreshError}
        </p>
      )}
    </Section>
  );
}
