/** The pages bench:pages loads, per role, what "main content visible" means on each, and the live tables whose polls it times. */

export interface BenchPage {
  role: "operator" | "tenant" | "admin";
  name: string;
  /**
   * A path, or "follow:<selector>" = the href of the first match on the role's previous page, or
   * "follow-from:<path>:<selector>" = the same on the given page (e.g. a job of a given status).
   */
  path: string;
  /** CSS selector of the page's main content (data, not the skeleton). */
  content: string;
  /** A control to click once the page has loaded before the content counts (a menu's panel). */
  open?: string;
}

export const BENCH_USERS = {
  operator: { email: "operator@verdant.example", password: "operator-demo-pass", home: /\/operator$/ },
  tenant: { email: "ada@aurora.example", password: "tenant-demo-pass", home: /\/tenant\/jobs$/ },
  admin: { email: "admin@verdant.example", password: "admin-demo-pass", home: /\/admin\/clusters$/ },
} as const;

const JOB_LINK = "a[href^='/jobs/']";
const JOB_CONTENT = "[data-testid=job-timeline]";

export const BENCH_PAGES: BenchPage[] = [
  { role: "operator", name: "/operator (overview)", path: "/operator", content: "[data-testid=kpis]" },
  { role: "operator", name: "/operator/jobs", path: "/operator/jobs", content: "[data-testid=fleet-job-row]" },
  {
    role: "operator",
    name: "/jobs/[id] running",
    path: `follow-from:/operator/jobs?status=RUNNING:[data-testid=fleet-job-row] ${JOB_LINK}`,
    content: JOB_CONTENT,
  },
  {
    role: "operator",
    name: "/jobs/[id] queued, holds reservation",
    path: `follow-from:/operator/queue?reason=holds-reservation:main table ${JOB_LINK}`,
    content: JOB_CONTENT,
  },
  {
    role: "operator",
    name: "/jobs/[id] finished",
    path: `follow-from:/operator/jobs?status=SUCCEEDED:[data-testid=fleet-job-row] ${JOB_LINK}`,
    content: JOB_CONTENT,
  },
  { role: "operator", name: "/operator/queue", path: "/operator/queue", content: "main .space-y-6 > *" },
  { role: "operator", name: "/operator/usage", path: "/operator/usage", content: "[data-testid=trend-projection], main section table" },
  { role: "operator", name: "/operator/clusters", path: "/operator/clusters", content: "[data-testid=cluster-row]" },
  {
    role: "operator",
    name: "/operator/clusters/[id]",
    path: "follow-from:/operator/clusters:[data-testid=cluster-row] a",
    content: "[data-testid=gpu-heatmap]",
  },
  { role: "operator", name: "/operator/reconcile", path: "/operator/reconcile", content: "main table, [data-testid^=drift-count-]" },
  { role: "operator", name: "/decisions/[id]", path: "follow-from:/operator:[data-testid=latest-decision] a[href^='/decisions/']", content: "main h2" },
  { role: "operator", name: "/operator/carbon", path: "/operator/carbon", content: "[data-testid=ledger], [data-testid=ledger-empty]" },
  { role: "operator", name: "/operator/experiments", path: "/operator/experiments", content: "main h1 + p, [data-testid=experiment-row]" },
  {
    role: "operator",
    name: "/operator/experiments/[id]",
    path: "follow-from:/operator/experiments:[data-testid=experiment-row] a",
    content: "[data-testid=experiment-status]",
  },
  { role: "operator", name: "/operator/experiments/new", path: "/operator/experiments/new", content: "form button[type=submit]" },
  { role: "tenant", name: "/tenant/jobs", path: "/tenant/jobs", content: "[data-testid=job-row]" },
  { role: "tenant", name: "/jobs/[id] (own job)", path: `follow-from:/tenant/jobs:[data-testid=job-row] ${JOB_LINK}`, content: JOB_CONTENT },
  { role: "tenant", name: "/tenant/jobs/new", path: "/tenant/jobs/new", content: "form button[type=submit]" },
  { role: "tenant", name: "/tenant/queue", path: "/tenant/queue", content: "main .space-y-6 > *" },
  { role: "tenant", name: "/tenant/usage", path: "/tenant/usage", content: "[data-testid=usage-gpus]" },
  { role: "tenant", name: "account menu (time zone)", path: "/tenant/usage", open: "[data-testid=signed-in-as]", content: "#account-panel select" },
  { role: "admin", name: "/admin/clusters", path: "/admin/clusters", content: "[data-testid=cluster-row]" },
  {
    role: "admin",
    name: "/admin/clusters/[id]",
    path: "follow-from:/admin/clusters:[data-testid=cluster-row] a[href^='/admin/clusters/']",
    content: "[data-testid=cluster-facts]",
  },
  { role: "admin", name: "/admin/clusters/new", path: "/admin/clusters/new", content: "form button[type=submit]" },
  { role: "admin", name: "/admin/clusters/links", path: "/admin/clusters/links", content: "main form" },
  { role: "admin", name: "/admin/gpu-models", path: "/admin/gpu-models", content: "[data-testid=gpu-model-row]" },
  { role: "admin", name: "/admin/tenants", path: "/admin/tenants", content: "[data-testid=tenant-row]" },
  { role: "admin", name: "/admin/users", path: "/admin/users", content: "[data-testid=user-row]" },
  { role: "admin", name: "/admin/priority-classes", path: "/admin/priority-classes", content: "main form" },
  { role: "admin", name: "/admin/policy", path: "/admin/policy", content: "form" },
  { role: "admin", name: "/admin/carbon", path: "/admin/carbon", content: "[data-testid=zone-row]" },
  { role: "admin", name: "/admin/settings", path: "/admin/settings", content: "main form" },
  { role: "admin", name: "/admin/audit", path: "/admin/audit", content: "main table, main ul, main p" },
];

export interface BenchPoll {
  role: "operator" | "tenant";
  name: string;
  /** The page whose live table polls; its own poll request (matched by procedure) is replayed as the browser sends it. */
  page: string;
  procedure: string;
  /** The input sent when the page does not poll this procedure itself (a server-rendered table re-read as a poll would). */
  input: unknown;
}

/** The live tables: each polls every 2 s while open, so its server time is paid continuously. */
export const BENCH_POLLS: BenchPoll[] = [
  { role: "operator", name: "overview", page: "/operator", procedure: "overview.get", input: undefined },
  { role: "operator", name: "jobs list", page: "/operator/jobs", procedure: "jobs.list", input: undefined },
  { role: "operator", name: "cluster page", page: "follow-from:/operator/clusters:[data-testid=cluster-row] a", procedure: "clusters.get", input: undefined },
  { role: "operator", name: "queue", page: "/operator/queue", procedure: "queue.view", input: {} },
  { role: "tenant", name: "tenant's jobs", page: "/tenant/jobs", procedure: "jobs.mine", input: undefined },
  { role: "tenant", name: "tenant's queue", page: "/tenant/queue", procedure: "queue.mine", input: {} },
];
