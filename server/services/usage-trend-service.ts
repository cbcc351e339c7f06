/**
 * Usage trends of this calendar month (UTC): GPU-hours and CO2e per day, cumulative, against the
 * tenant's monthly GPU-hours quota and carbon budget, with a month-end projection that is stated as
 * what it is — linear on the month so far (used ÷ elapsed fraction of the month). Operators get the
 * same days per tenant, for a stacked chart. Days add up to the usage page's month meters.
 */
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import { readUsagePerDay, type UsageDayRow } from "../repositories/usage-trend-repository";
import { findTenantQuota, listTenants } from "../repositories/catalog-repository";
import { DomainError } from "./errors";

/** One day of one series. */
export interface TrendDay {
  /** UTC midnight of the day. */
  day: Date;
  gpuHours: number;
  emissionsGCo2e: number;
  /** Month to date, this day included. */
  cumulativeGpuHours: number;
  cumulativeGCo2e: number;
}

/** A month-end projection: linear on the month so far. */
export interface Projection {
  gpuHours: number;
  emissionsGCo2e: number;
  /** Fraction of the month elapsed at `now` (0..1]. */
  elapsedFraction: number;
  method: "linear-month-to-date";
}

/** A tenant's trend with its limits. */
export interface TenantTrend {
  monthStart: Date;
  monthEnd: Date;
  days: TrendDay[];
  totals: { gpuHours: number; emissionsGCo2e: number };
  projection: Projection;
  maxGpuHoursPerMonth: number | null;
  carbonBudgetKgPerMonth: number | null;
}

/** Every tenant's days, for the operators' stacked chart. */
export interface FleetTrend {
  monthStart: Date;
  monthEnd: Date;
  tenants: { id: string; name: string; totals: { gpuHours: number; emissionsGCo2e: number }; projection: Projection }[];
  /** One row per day with each tenant's figures by id. */
  days: { day: Date; gpuHours: Record<string, number>; emissionsGCo2e: Record<string, number> }[];
}

/** The month around `now` (UTC). */
export function monthOf(now: Date): { monthStart: Date; monthEnd: Date } {
  return {
    monthStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    monthEnd: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

/** Linear projection of a month-to-date figure to the month's end. */
export function project(totals: { gpuHours: number; emissionsGCo2e: number }, monthStart: Date, monthEnd: Date, now: Date): Projection {
  const fraction = Math.min(1, Math.max((now.getTime() - monthStart.getTime()) / (monthEnd.getTime() - monthStart.getTime()), 1 / (31 * 24 * 60)));
  return { gpuHours: totals.gpuHours / fraction, emissionsGCo2e: totals.emissionsGCo2e / fraction, elapsedFraction: fraction, method: "linear-month-to-date" };
}

/** Every day from the month's start to today, zero where nothing ran, with running totals. */
function fillDays(rows: readonly UsageDayRow[], monthStart: Date, now: Date): TrendDay[] {
  const byDay = new Map(rows.map((r) => [r.day.getTime(), r]));
  const out: TrendDay[] = [];
  let gpu = 0;
  let co2 = 0;
  for (let t = monthStart.getTime(); t <= now.getTime(); t += 86_400_000) {
    const r = byDay.get(t);
    gpu += r?.gpuHours ?? 0;
    co2 += r?.emissionsGCo2e ?? 0;
    out.push({ day: new Date(t), gpuHours: r?.gpuHours ?? 0, emissionsGCo2e: r?.emissionsGCo2e ?? 0, cumulativeGpuHours: gpu, cumulativeGCo2e: co2 });
  }
  return out;
}

/** The caller's tenant's trend this month. */
export async function getTenantTrend(db: Db, tenantId: string, now: Date): Promise<TenantTrend> {
  const { monthStart, monthEnd } = monthOf(now);
  const [rows, quota] = await Promise.all([readUsagePerDay(db, tenantId, monthStart, now), findTenantQuota(db, tenantId)]);
  const days = fillDays(rows, monthStart, now);
  const last = days[days.length - 1];
  const totals = { gpuHours: last?.cumulativeGpuHours ?? 0, emissionsGCo2e: last?.cumulativeGCo2e ?? 0 };
  return {
    monthStart,
    monthEnd,
    days,
    totals,
    projection: project(totals, monthStart, monthEnd, now),
    maxGpuHoursPerMonth: quota?.maxGpuHoursPerMonth ?? null,
    carbonBudgetKgPerMonth: quota?.carbonBudgetKgPerMonth ?? null,
  };
}

/** Every tenant's trend this month (operators and admins). */
export async function getFleetTrend(db: Db, user: SessionUser, now: Date): Promise<FleetTrend> {
  if (user.role !== "OPERATOR" && user.role !== "ADMIN") throw new DomainError("FORBIDDEN", "Only operators and admins see every tenant's usage.");
  const { monthStart, monthEnd } = monthOf(now);
  const [rows, tenants] = await Promise.all([readUsagePerDay(db, null, monthStart, now), listTenants(db)]);
  const days: FleetTrend["days"] = [];
  for (let t = monthStart.getTime(); t <= now.getTime(); t += 86_400_000) days.push({ day: new Date(t), gpuHours: {}, emissionsGCo2e: {} });
  const index = new Map(days.map((d, i) => [d.day.getTime(), i]));
  const totals = new Map<string, { gpuHours: number; emissionsGCo2e: number }>();
  for (const r of rows) {
    const d = days[index.get(r.day.getTime()) ?? -1];
    if (!d) continue;
    d.gpuHours[r.tenantId] = r.gpuHours;
    d.emissionsGCo2e[r.tenantId] = r.emissionsGCo2e;
    const tot = totals.get(r.tenantId) ?? { gpuHours: 0, emissionsGCo2e: 0 };
    tot.gpuHours += r.gpuHours;
    tot.emissionsGCo2e += r.emissionsGCo2e;
    totals.set(r.tenantId, tot);
  }
  return {
    monthStart,
    monthEnd,
    tenants: tenants.map((t) => {
      const tot = totals.get(t.id) ?? { gpuHours: 0, emissionsGCo2e: 0 };
      return { id: t.id, name: t.name, totals: tot, projection: project(tot, monthStart, monthEnd, now) };
    }),
    days,
  };
}
