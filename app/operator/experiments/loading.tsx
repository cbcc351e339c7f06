/** Shown while an experiments page fetches on the server. */
export default function Loading() {
  return (
    <p className="text-slate-600" role="status">
      Loading experiments…
    </p>
  );
}
