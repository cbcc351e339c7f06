"use client";
// A route's error state inside its role's frame (the navigation stays usable).

export function RouteError({ what, reset }: { what: string; reset: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-lg rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-red-200">
      <h1 className="text-xl font-bold">Could not load {what}</h1>
      <p className="mt-2 text-sm text-slate-600">The error has been logged on the server. Your data is unchanged.</p>
      <button
        type="button"
        onClick={reset}
        className="mt-6 rounded-md bg-leaf-700 px-4 py-2 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700"
      >
        Try again
      </button>
    </div>
  );
}
