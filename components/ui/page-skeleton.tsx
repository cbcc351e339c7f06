// What a page shows while its server data loads (the route's loading.tsx): the title, and grey
// placeholder blocks announced to screen readers as busy.

export function PageSkeleton({ title, blocks = 3 }: { title: string; blocks?: number }) {
  return (
    <div aria-busy="true" aria-live="polite" data-testid="page-loading">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600">Loading…</p>
      <div className="flex flex-col gap-4">
        {Array.from({ length: blocks }, (_, i) => (
          <div key={i} className="h-28 animate-pulse rounded-xl bg-slate-200/70" />
        ))}
      </div>
    </div>
  );
}
