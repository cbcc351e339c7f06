// "How this is computed": the baseline methods of the ledger's entries in the period, each with what
// it compares against and its limits.
import { ledgerMethodInfo } from "./ledger-methods";

/** The disclosure for the methods used in the period (most entries first). */
export function LedgerMethodDisclosure({ methods }: { methods: { method: string; jobs: number }[] }) {
  return (
    <details className="rounded-md bg-slate-50 p-3 text-sm text-slate-700" data-testid="ledger-method">
      <summary className="cursor-pointer font-medium">How this is computed</summary>
      <p className="mt-2">
        Saved = baseline − actual per finished job. Actual is what the job emitted where and when it ran (energy per hour × PUE × the zone&apos;s intensity).
        The baseline is what a carbon-agnostic scheduler would have emitted for the same job:
      </p>
      <ul className="mt-2 flex flex-col gap-2">
        {methods.map((m) => {
          const info = ledgerMethodInfo(m.method);
          return (
            <li key={m.method}>
              <span className="font-mono text-xs">{m.method}</span> · {m.jobs} {m.jobs === 1 ? "entry" : "entries"} — <strong>{info.label}.</strong>{" "}
              {info.baseline}
              {info.limits.length > 0 && (
                <ul className="ml-5 mt-1 list-disc text-slate-600">
                  {info.limits.map((limit) => (
                    <li key={limit}>{limit}</li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
