"use client";
// Who is signed in, opening a small panel with the person's own settings (time zone) and a link to their API tokens.
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { TimeZoneSetting } from "@/components/time/time-zone-setting";

/** The account button; Escape or a click elsewhere closes its panel. */
export function AccountMenu({ label }: { label: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    const onClick = (e: MouseEvent) => root.current && !root.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="account-panel"
        onClick={() => setOpen((o) => !o)}
        className="max-w-40 truncate sm:max-w-64 rounded-md px-2 py-1 text-left text-slate-700 hover:bg-slate-100"
        data-testid="signed-in-as"
      >
        {label}
        <span aria-hidden> ▾</span>
      </button>
      {open && (
        <div id="account-panel" className="absolute right-0 z-20 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg bg-white p-4 shadow-lg ring-1 ring-slate-200">
          <TimeZoneSetting />
          <Link
            href="/account/tokens"
            className="mt-3 block border-t border-slate-200 pt-3 text-sm font-medium text-leaf-700 hover:underline"
            onClick={() => setOpen(false)}
          >
            API tokens
          </Link>
        </div>
      )}
    </div>
  );
}
