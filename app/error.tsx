"use client";

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return (
    <main className="mx-auto max-w-lg p-10 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-slate-600">The page could not be loaded. The error has been logged on the server.</p>
      <button type="button" onClick={reset} className="mt-6 rounded-md bg-leaf-700 px-4 py-2 font-semibold text-white">
        Try again
      </button>
    </main>
  );
}
