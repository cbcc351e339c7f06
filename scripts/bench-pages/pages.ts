/** The pages bench:pages loads, per role, and what "main content visible" means on each. */

export interface BenchPage {
  role: "operator" | "tenant" | "admin";
  name: string;
  /** A path, or "follow:<selector>" = the href of the first match on the role's previous page. */
  path: string;
  /** CSS selector of the page's main content (data, not the skeleton). */
  content: string;
}

export const BENCH_USERS = {
  operator: { email: "operator@verdant.example", password: "operator-demo-pass", home: /\/operator$/ },
  tenant: { email: "ada@aurora.example", password: "tenant-demo-pass", home: /\/tenant\/jobs$/ },
  admin: { email: "admin@verdant.example", password: "admin-demo-pass", home: /\/admin\/clusters$/ },
} as const;

export const BENCH_PAGES: BenchPage[] = [
  { role: "operator", name: "/operator (overview)", path: "/operator", content: "[data-testid=kpis]" },
  { role: "operator", name: "/operator/jobs", path: "/operator/jobs", content: "[data-testid=fleet-job-row]" },
  { role: "operator", name: "/operator/clusters", path: "/operator/clusters", content: "[data-testid=cluster-row]" },
  { role: "operator", name: "/operator/clusters/[id]", path: "follow:[data-testid=cluster-row] a", content: "[data-testid=gpu-heatmap]" },
  { role: "operator", name: "/decisions/[id]", path: "follow-from:/operator:[data-testid=latest-decision] a", content: "main h2" },
  { role: "operator", name: "/operator/carbon", path: "/operator/carbon", content: "[data-testid=ledger], [data-testid=ledger-empty]" },
  { role: "operator", name: "/operator/experiments", path: "/operator/experiments", content: "main h1 + p, [data-testid=experiment-row]" },
  { role: "tenant", name: "/tenant/jobs", path: "/tenant/jobs", content: "[data-testid=job-row]" },
  { role: "tenant", name: "/tenant/jobs/new", path: "/tenant/jobs/new", content: "form button[type=submit]" },
  { role: "tenant", name: "/tenant/usage", path: "/tenant/usage", content: "[data-testid=usage-gpus]" },
  { role: "admin", name: "/admin/clusters", path: "/admin/clusters", content: "[data-testid=cluster-row]" },
  { role: "admin", name: "/admin/gpu-models", path: "/admin/gpu-models", content: "[data-testid=gpu-model-row]" },
  { role: "admin", name: "/admin/tenants", path: "/admin/tenants", content: "[data-testid=tenant-row]" },
  { role: "admin", name: "/admin/users", path: "/admin/users", content: "[data-testid=user-row]" },
  { role: "admin", name: "/admin/policy", path: "/admin/policy", content: "form" },
  { role: "admin", name: "/admin/carbon", path: "/admin/carbon", content: "[data-testid=zone-row]" },
  { role: "admin", name: "/admin/audit", path: "/admin/audit", content: "main table, main ul, main p" },
];
