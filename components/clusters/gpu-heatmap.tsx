// Per-node, per-GPU allocation as a heatmap grouped by rack: each square is one GPU, its fill the
// allocated share (fractional shares visible), its label the exact milli-GPU for screen readers.
interface HeatNode {
  id: string;
  name: string;
  rackGroup: string;
  gpuModelId: string | null;
  gpus: { index: number; allocatedMilli: number }[];
}

function shade(milli: number): string {
  if (milli === 0) return "bg-slate-200";
  if (milli < 250) return "bg-leaf-100";
  if (milli < 500) return "bg-emerald-300";
  if (milli < 1000) return "bg-emerald-500";
  return "bg-leaf-900";
}

/** Racks of nodes of GPU squares. */
export function GpuHeatmap({ nodes }: { nodes: HeatNode[] }) {
  const gpuNodes = nodes.filter((n) => n.gpus.length > 0);
  const racks = [...new Set(gpuNodes.map((n) => n.rackGroup))];
  return (
    <div className="flex flex-col gap-3">
      <p className="flex flex-wrap items-center gap-3 text-xs text-slate-700" aria-hidden="true">
        Share allocated:
        {[
          ["bg-slate-200", "free"],
          ["bg-leaf-100", "< 25 %"],
          ["bg-emerald-300", "25–50 %"],
          ["bg-emerald-500", "50–99 %"],
          ["bg-leaf-900", "whole GPU"],
        ].map(([c, l]) => (
          <span key={l} className="flex items-center gap-1">
            <span className={`inline-block h-3 w-3 rounded-sm ${c}`} />
            {l}
          </span>
        ))}
      </p>
      <div className="flex flex-wrap gap-4" data-testid="gpu-heatmap">
        {racks.map((rack) => (
          <div key={rack} className="rounded-md border border-slate-200 p-2">
            <p className="mb-1 text-xs font-semibold text-slate-600">{rack}</p>
            <div className="flex max-w-xs flex-wrap gap-1">
              {gpuNodes
                .filter((n) => n.rackGroup === rack)
                .map((n) => (
                  <div
                    key={n.id}
                    className="flex gap-px rounded-sm bg-white p-px ring-1 ring-slate-300"
                    role="group"
                    aria-label={`${n.name} (${n.gpuModelId})`}
                  >
                    {n.gpus.map((g) => (
                      <span
                        key={g.index}
                        className={`block h-3 w-2 ${shade(g.allocatedMilli)}`}
                        title={`${n.name} GPU ${g.index} (${n.gpuModelId}): ${g.allocatedMilli}/1000 milli-GPU`}
                        aria-label={`GPU ${g.index}: ${g.allocatedMilli} of 1000 milli-GPU`}
                        role="img"
                      />
                    ))}
                  </div>
                ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
