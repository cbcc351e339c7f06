"use client";
// Phone cards need each cell's column name (CSS reads it from data-label, see globals.css). Tables that
// do not set it per cell get it here from their header row, so every `table-cards` table degrades to
// labelled cards without repeating its headers in each row component.
import { useEffect } from "react";

/** Copies each header's text to the cells of its column that have no data-label yet. */
export function labelTableCells(root: ParentNode): void {
  for (const table of root.querySelectorAll<HTMLTableElement>("table.table-cards")) {
    const headers: string[] = [];
    for (const th of table.querySelectorAll<HTMLTableCellElement>("thead tr:first-child th")) {
      const text = th.textContent?.replace(/[▲▼]/g, "").trim() ?? "";
      for (let i = 0; i < Math.max(1, th.colSpan); i++) headers.push(text);
    }
    for (const row of table.querySelectorAll<HTMLTableRowElement>("tbody tr")) {
      let column = 0;
      for (const cell of row.cells) {
        const label = headers[column];
        if (label && !cell.hasAttribute("data-label") && cell.colSpan === 1) cell.setAttribute("data-label", label);
        column += Math.max(1, cell.colSpan);
      }
    }
  }
}

/** Labels the cells of every card table on the page, again whenever rows change (paging, live polls). */
export function TableCardLabels() {
  useEffect(() => {
    let queued = false;
    const run = () => {
      queued = false;
      labelTableCells(document);
    };
    run();
    const observer = new MutationObserver(() => {
      if (!queued) {
        queued = true;
        requestAnimationFrame(run);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return null;
}
