"use client";
// The role's navigation: a row of links on wide screens, one "Menu" button on phones so the header
// stays one line; the current page is marked for screen readers.
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";

/** Main navigation; the phone menu closes when a link is chosen. */
export function MainNav({ items }: { items: { href: string; label: string }[] }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const current = items.reduce<string | null>(
    (best, i) => ((pathname === i.href || pathname.startsWith(`${i.href}/`)) && i.href.length > (best?.length ?? 0) ? i.href : best),
    null,
  );
  return (
    <>
      <button
        type="button"
        className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-inset ring-slate-300 md:hidden"
        aria-expanded={open}
        aria-controls="main-nav"
        onClick={() => setOpen((o) => !o)}
      >
        Menu
      </button>
      <nav
        id="main-nav"
        aria-label="Main"
        className={`${open ? "flex" : "hidden"} order-last w-full flex-col gap-2 text-sm font-medium md:order-none md:flex md:w-auto md:flex-row md:flex-wrap md:gap-x-4 md:gap-y-1`}
      >
        {items.map((item) => (
          <Link
            key={item.href}
            href={item.href}
            onClick={() => setOpen(false)}
            aria-current={current === item.href ? "page" : undefined}
            className="text-slate-700 hover:text-leaf-700 aria-[current=page]:text-leaf-700 aria-[current=page]:underline"
          >
            {item.label}
          </Link>
        ))}
      </nav>
    </>
  );
}
