import Link from "next/link";

export default function NotFound() {
  return (
    <main className="mx-auto max-w-lg p-10 text-center">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="mt-2 text-slate-600">There is nothing at this address.</p>
      <Link href="/" className="mt-6 inline-block font-semibold text-leaf-700 underline">
        Go to your home page
      </Link>
    </main>
  );
}
