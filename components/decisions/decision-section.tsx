// One titled card on the decision page; the heading labels the region so screen readers can jump to it.

/** A titled, labelled card that wraps one part of the decision page. */
export function DecisionSection({ title, children }: { title: string; children: React.ReactNode }) {
  const id = title.replace(/\W+/g, "-");
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
