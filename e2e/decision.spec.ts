import { expect, test } from "@playwright/test";
import { createDb } from "../server/db/client";
import { embeddedDatabaseUrl } from "../server/db/embedded-postgres";
import { runSchedulingCycle } from "../server/services/scheduling-cycle";
import { demo, expectAccessible, signIn } from "./helpers";

// The e2e server runs without the background worker (so other specs see jobs stay queued); this
// spec runs one scheduling cycle itself against the e2e database, exactly as the worker would.
// The e2e server's PostgreSQL has a generated password, read when first needed (after the server started).
const e2eDatabaseUrl = () => embeddedDatabaseUrl(".data/e2e/pg", Number(process.env.E2E_PG_PORT ?? 25431), "verdant");

test.describe("decision page", () => {
  test.beforeAll(async () => {
    const db = createDb(e2eDatabaseUrl());
    try {
      const report = await runSchedulingCycle(db, { now: new Date(), seed: 42, maxJobs: 500 });
      expect(report.placed).toBeGreaterThan(0);
    } finally {
      await db.$disconnect();
    }
  });

  test("an operator follows a job to its decision and reads why it went there", async ({ page }) => {
    await signIn(page, demo.operator, /\/operator$/);
    await page.getByRole("link", { name: "Jobs", exact: true }).click();
    await expect(page).toHaveURL(/\/operator\/jobs$/);
    await page.getByLabel("Status").selectOption("PLACED");
    const link = page.getByTestId("fleet-job-row").first().getByTestId("decision-link");
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/decisions\/[^/]+$/);
    await expect(page.getByRole("heading", { name: /^Decision for / })).toBeVisible();
    await expect(page.getByTestId("decision-text")).toContainText(/cluster/i);
    await expect(page.getByTestId("candidate-row")).toHaveCount(7);
    await expect(
      page
        .getByRole("img", { name: /score contributions/ })
        .locator("svg")
        .first(),
    ).toBeVisible();
    await expectAccessible(page);
    // The decision was recorded with its inputs: deciding again from them gives the same bytes.
    await page.getByRole("button", { name: "Replay" }).click();
    await expect(page.getByTestId("replay-verdict")).toContainText("Reproduced.", { timeout: 30_000 });
  });

  test("a tenant reads its own decisions but not another tenant's", async ({ page, browser }) => {
    const operator = await browser.newPage();
    await signIn(operator, demo.operator, /\/operator$/);
    await operator.goto("/operator/jobs");
    await operator.getByLabel("Tenant").selectOption({ label: "Aurora Labs" });
    const auroraHref = await operator.getByTestId("fleet-job-row").first().getByTestId("decision-link").getAttribute("href");
    await operator.close();
    expect(auroraHref).toMatch(/^\/decisions\//);

    await signIn(page, demo.borealis, /\/tenant\/jobs$/);
    const own = page.getByTestId("job-row").getByTestId("decision-link").first();
    await own.click();
    await expect(page.getByRole("heading", { name: /^Decision for / })).toBeVisible();
    // Replay is for operators and admins (the server refuses tenants too).
    await expect(page.getByRole("button", { name: "Replay" })).toHaveCount(0);
    const response = await page.goto(auroraHref!);
    expect(response?.status()).toBe(404);
  });
});
