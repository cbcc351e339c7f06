// Full-page screenshots of the main pages per role, at a laptop and a phone width, saved as test
// artifacts (attached to the report and written under test-results/). At the phone width each page
// must also fit: the document may not scroll sideways (wide tables scroll inside their own box).
import { expect, test, type Page } from "@playwright/test";
import { createDb } from "../server/db/client";
import { embeddedDatabaseUrl } from "../server/db/embedded-postgres";
import { runSchedulingCycle } from "../server/services/scheduling-cycle";
import { demo, expectNoSidewaysScroll, signIn } from "./helpers";

// The e2e server's PostgreSQL has a generated password, read when first needed (after the server started).
const e2eDatabaseUrl = () => embeddedDatabaseUrl(".data/e2e/pg", Number(process.env.E2E_PG_PORT ?? 25431), "verdant");

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 812 },
] as const;

interface Shot {
  name: string;
  /** A path, or a function that finds one from the page (e.g. the first cluster's link). */
  path: string | ((page: Page) => Promise<string>);
  heading: RegExp;
}

const firstHref = (testId: string, link: string) => async (page: Page) => {
  const href = await page.getByTestId(testId).first().locator(link).first().getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
};

const ROLES: { role: string; who: { email: string; password: string }; home: RegExp; shots: Shot[] }[] = [
  {
    role: "operator",
    who: demo.operator,
    home: /\/operator$/,
    shots: [
      { name: "overview", path: "/operator", heading: /^Fleet overview$/ },
      { name: "jobs", path: "/operator/jobs", heading: /^Jobs$/ },
      { name: "clusters", path: "/operator/clusters", heading: /^Clusters$/ },
      { name: "cluster", path: "/operator/clusters", heading: /./ },
      { name: "decision", path: "/operator", heading: /^Decision for / },
      { name: "carbon", path: "/operator/carbon", heading: /^Carbon$/ },
    ],
  },
  {
    role: "tenant",
    who: demo.aurora,
    home: /\/tenant\/jobs$/,
    shots: [
      { name: "my-jobs", path: "/tenant/jobs", heading: /^My jobs$/ },
      { name: "submit", path: "/tenant/jobs/new", heading: /^Submit a job$/ },
      { name: "usage", path: "/tenant/usage", heading: /^Usage$/ },
    ],
  },
  {
    role: "admin",
    who: demo.admin,
    home: /\/admin\/clusters$/,
    shots: [
      { name: "clusters", path: "/admin/clusters", heading: /^Clusters$/ },
      { name: "policy", path: "/admin/policy", heading: /policy/i },
      { name: "zones-feeds", path: "/admin/carbon", heading: /^Grid zones and carbon feeds$/ },
      { name: "audit", path: "/admin/audit", heading: /^Audit log$/ },
    ],
  },
];

// Pages reached through a link on another page: the first cluster, the latest decision.
const FOLLOW: Record<string, (page: Page) => Promise<string>> = {
  cluster: firstHref("cluster-row", "a"),
  decision: firstHref("latest-decision", "a"),
};

test.describe("screenshots of the main pages", () => {
  test.beforeAll(async () => {
    // Decisions to show: one scheduling cycle, exactly as the worker would run it.
    const db = createDb(e2eDatabaseUrl());
    try {
      await runSchedulingCycle(db, { now: new Date(), seed: 7, maxJobs: 500 });
    } finally {
      await db.$disconnect();
    }
  });

  for (const { role, who, home, shots } of ROLES) {
    for (const viewport of VIEWPORTS) {
      test(`${role} pages at ${viewport.name} width`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await signIn(page, who, home);
        for (const shot of shots) {
          await page.goto(typeof shot.path === "string" ? shot.path : await shot.path(page));
          if (FOLLOW[shot.name]) await page.goto(await FOLLOW[shot.name]!(page));
          await expect(page.getByRole("heading", { level: 1, name: shot.heading })).toBeVisible();
          await expect(page.getByTestId("page-loading")).toHaveCount(0);
          // Charts draw after hydration and a resize observer tick.
          await page.waitForLoadState("networkidle").catch(() => {});
          const file = testInfo.outputPath(`${role}-${shot.name}-${viewport.name}.png`);
          await page.screenshot({ path: file, fullPage: true });
          await testInfo.attach(`${role}-${shot.name}-${viewport.name}`, { path: file, contentType: "image/png" });
          if (viewport.name === "phone") {
            await expectNoSidewaysScroll(page, `${shot.name} at ${viewport.width} px`);
          }
        }
      });
    }
  }
});
