/** Shown while the server loads the intensity data. */
export default function Loading() {
  return <p className="animate-pulse py-16 text-center text-sm text-slate-500" aria-busy="true">Loading carbon data…</p>;
}
