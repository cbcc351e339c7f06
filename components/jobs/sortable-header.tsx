// A column header that sorts the table by its field: a click sorts descending, a second click ascending.

/** The table's sort: a field and a direction. */
export interface Sort<F extends string> {
  field: F;
  direction: "asc" | "desc";
}

/** The sort after clicking `field`'s header. */
export const nextSort = <F extends string>(s: Sort<F>, field: F): Sort<F> => ({
  field,
  direction: s.field === field && s.direction === "desc" ? "asc" : "desc",
});

/** A header cell with `aria-sort` and a button that re-sorts by `field`. */
export function SortableHeader<F extends string>({ field, label, sort, onSort }: { field: F; label: string; sort: Sort<F>; onSort: (field: F) => void }) {
  const active = sort.field === field;
  return (
    <th scope="col" className="px-3 py-2" aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}>
      <button type="button" onClick={() => onSort(field)} className="uppercase hover:text-leaf-700">
        {label} {active ? (sort.direction === "asc" ? "▲" : "▼") : ""}
      </button>
    </th>
  );
}
