/** A labelled progress bar (0..1) that screen readers announce as a progressbar. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent} %`}
      className="h-2.5 w-full min-w-24 overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full rounded-full bg-leaf-600 transition-[width] duration-500" style={{ width: `${percent}%` }} />
    </div>
  );
}
