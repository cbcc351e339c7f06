"use client";
// Destructive actions ask first, in a modal <dialog> (focus is trapped and returned, Escape closes it,
// screen readers announce it) instead of window.confirm, which cannot be styled or tested and which
// some browsers suppress.
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "./button";

/**
 * A danger button that opens a confirmation naming what will happen; `onConfirm` runs only after the
 * person confirms. Focus starts on the safe choice ("Keep it").
 */
export function ConfirmButton({
  children,
  title,
  body,
  confirmLabel,
  onConfirm,
  disabled,
  className,
  "aria-label": ariaLabel,
}: {
  children: ReactNode;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  className?: string;
  "aria-label"?: string;
}) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <>
      <Button variant="danger" className={className} disabled={disabled} aria-label={ariaLabel} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {children}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onClose={() => setOpen(false)}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg bg-white p-0 text-left shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/40"
      >
        {open && (
          <div className="flex flex-col gap-4 p-5">
            <h2 id={titleId} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            <div id={bodyId} className="text-sm whitespace-normal text-slate-700">
              {body}
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" autoFocus onClick={() => setOpen(false)}>
                Keep it
              </Button>
              <Button
                variant="danger"
                onClick={() => {
                  setOpen(false);
                  onConfirm();
                }}
              >
                {confirmLabel}
              </Button>
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
