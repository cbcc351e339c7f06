/** The tenant's cohort quota per GPU model: nominal, in use, borrowed and what it could still borrow now. */
export interface ModelQuotaRow {
  gpuModelId: string;
  nominalGpus: number;
  borrowingLimitGpus: number | null;
  lendingLimitGpus: number | null;
  gpusInUse: number;
  borrowedGpus: number;
  borrowableNowGpus: number;
}

const fmt = (v: number) => v.toLocaleString("en-US", { maximumFractionDigits: 2 });

export function ModelQuotaTable({ rows, weight }: { rows: ModelQuotaRow[]; weight: number }) {
  return (
    <section aria-labelledby="model-quota-heading" className="mt-6">
      <h2 id="model-quota-heading" className="text-lg font-semibold">
        GPU quota per model
      </h2>
      <p className="mb-2 text-sm text-slate-600">
        Fair-share weight {fmt(weight)}. Beyond its nominal GPUs the tenant borrows other tenants&apos; idle quota; borrowed GPUs run jobs that may be preempted
        when the lender needs its quota back.
      </p>
      {rows.length === 0 ? (
        <p className="rounded-lg bg-white p-4 text-slate-600 ring-1 ring-slate-200">No per-model quota: only the GPU quota above applies.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <table className="min-w-full text-sm" data-testid="model-quota-table">
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
              <tr>
                {["GPU model", "Nominal", "In use", "Borrowed", "Borrowing limit", "Could borrow now"].map((h) => (
                  <th key={h} scope="col" className="px-3 py-2">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((q) => (
                <tr key={q.gpuModelId}>
                  <td className="px-3 py-2 font-medium">{q.gpuModelId}</td>
                  <td className="px-3 py-2">{fmt(q.nominalGpus)} GPUs</td>
                  <td className="px-3 py-2">{fmt(q.gpusInUse)} GPUs</td>
                  <td className="px-3 py-2">{fmt(q.borrowedGpus)} GPUs</td>
                  <td className="px-3 py-2">{q.borrowingLimitGpus === null ? "no limit" : `${fmt(q.borrowingLimitGpus)} GPUs`}</td>
                  <td className="px-3 py-2">{fmt(q.borrowableNowGpus)} GPUs</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
