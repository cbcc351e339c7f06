"use client";
// Charts fetched when first drawn, not with the page: Recharts is the largest piece of the browser's
// code (about 110 KB compressed, 380 KB to parse and run), and on a page whose figures come first
// and whose charts are drawn after them, downloading and running it before hydration only delays
// the figures. Each placeholder has its chart's height, so nothing moves when the chart arrives.
import dynamic from "next/dynamic";
import type { ComponentProps } from "react";
import type { CategoryBarChart } from "./category-bar-chart";

const pending = (height: string) =>
  function ChartPending() {
    return <div className={`${height} w-full animate-pulse rounded-md bg-slate-50`} aria-busy="true" />;
  };

const Bars = dynamic(() => import("./category-bar-chart").then((m) => m.CategoryBarChart), { ssr: false, loading: () => null });

/** `CategoryBarChart`, loaded on first use; its box keeps the chart's height meanwhile. */
export function LazyCategoryBarChart(props: ComponentProps<typeof CategoryBarChart>) {
  return (
    <div className={`${props.height ?? "h-64"} w-full min-w-0`}>
      <Bars {...props} />
    </div>
  );
}

/** `IntensityHistoryChart`, loaded on first use. */
export const LazyIntensityHistoryChart = dynamic(() => import("./intensity-history-chart").then((m) => m.IntensityHistoryChart), {
  ssr: false,
  loading: pending("h-64"),
});
