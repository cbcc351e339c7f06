// A titled card of the experiment page.
import type { ReactNode } from "react";

/** A card with an h2 title that labels it. */
export function ExperimentSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
