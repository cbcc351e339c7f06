"use client";
// A short explanation shown on hover and on keyboard focus, and read by screen readers as the
// description of the thing it explains (a title attribute is neither focusable nor reliable). Hidden with display:none so it
// takes no room (an invisible box would still widen a phone-sized page).
import { useId, type ReactNode } from "react";

/** `children` is the visible trigger; `tip` the explanation. */
export function InfoTip({ children, tip, className = "" }: { children: ReactNode; tip: ReactNode; className?: string }) {
  const id = useId();
  return (
    <span className={`group relative inline-flex ${className}`}>
      <span
        tabIndex={0}
        aria-describedby={id}
        className="cursor-help underline decoration-dotted decoration-slate-400 underline-offset-2 focus-visible:outline-2 focus-visible:outline-leaf-700"
      >
        {children}
      </span>
      <span
        role="tooltip"
        id={id}
        className="pointer-events-none absolute top-full left-0 z-20 mt-1 hidden w-64 max-w-[70vw] rounded-md bg-slate-900 px-2 py-1.5 text-xs leading-snug font-normal normal-case text-white shadow-lg group-focus-within:block group-hover:block"
      >
        {tip}
      </span>
    </span>
  );
}
