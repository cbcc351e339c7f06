import { expect, test } from "@playwright/test";
import { demo, expectAccessible, expectNoSidewaysScroll, signIn } from "./helpers";

test.describe("job page, queue, what-ifs and usage trends", () => {
  test("an operator opens a queued job's page from the queue and sees its timeline; filters stay in the URL", async ({ page, browser }) => {
    // The e2e server runs without the worker: a tenant submits a job so the queue is not empty whatever ran before.
    const context = await browser.newContext();
    const tenant = await context.newPage();
    await signIn(tenant, demo.aurora, /\/tenant\/jobs$/);
    await tenant.goto("/tenant/jobs/new");
    await tenant.getByLabel("Name").fill(`e2e-queued-${Date.now()}`);
    await tenant.getByRole("button", { name: "Submit job" }).click();
    await expect(tenant).toHaveURL(/submitted=1/);
    await context.close();
    await signIn(page, demo.operator, /\/operator$/);
    await page.goto("/operator/queue");
    await expect(page.getByRole("heading", { name: "Queue" })).toBeVisible();
    // A count in the matrix links to the jobs it counts, with the filter in the URL.
    const cell = page.locator("table").first().locator("tbody a").first();
    await cell.click();
    await expect(page).toHaveURL(/\/operator\/queue\?tenant=/);
    await expect(page.getByText(/Clear filters/)).toBeVisible();
    await expect(page.getByTestId("pending-chain").first()).toContainText("It waits for");
    await expectAccessible(page);
    // A finished job of the seeded history has decisions to show; the queue's first job may not have been decided yet (no worker here).
    await page.goto("/operator/jobs?status=SUCCEEDED");
    const job = page.getByTestId("fleet-job-row").locator("a[href^='/jobs/']").first();
    await job.click();
    await expect(page.getByRole("heading", { name: "Timeline" })).toBeVisible();
    const timeline = page.getByTestId("job-timeline");
    await expect(timeline.locator("li").first()).toHaveAttribute("data-kind", "submitted");
    await expect(timeline.locator("li[data-kind='decision']").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Resources held" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Energy and emissions per hour" })).toBeVisible();
    await expectAccessible(page);
    await page.goto("/operator/usage");
    await expect(page.getByRole("heading", { name: "Usage per day by tenant" })).toBeVisible();
    await page.getByRole("button", { name: "GPUs", exact: true }).click();
    await expect(page.getByRole("img", { name: /Average GPUs in use per day, stacked by tenant/ })).toBeVisible();
    await expectAccessible(page);
  });

  test("a tenant sees what-ifs beside the preview and applies one to the form; the usage page shows the month's trend", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, demo.aurora, /\/tenant\/jobs$/);
    await page.goto("/tenant/jobs/new");
    await page.getByLabel("Name").fill("e2e-what-if");
    await page.getByLabel("GPUs per node").fill("8");
    await page.getByLabel("Estimated duration (hours)").fill("4");
    const whatIfs = page.getByTestId("job-what-ifs");
    await expect(whatIfs).toBeVisible({ timeout: 30_000 });
    const first = whatIfs.locator("li").first();
    if ((await first.count()) > 0) {
      const kind = await first.getAttribute("data-kind");
      await first.getByRole("button", { name: "Apply" }).click();
      if (kind === "fewer-gpus") await expect(page.getByLabel("GPUs per node")).toHaveValue("4");
      if (kind === "wider-window") await expect(page.getByLabel("Finish by (optional)")).not.toHaveValue("");
    }
    await expectAccessible(page);
    await page.goto("/tenant/usage");
    await expect(page.getByTestId("trend-projection")).toContainText("linear on the month so far");
    await expectNoSidewaysScroll(page, "tenant usage at 1280 px");
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSidewaysScroll(page, "tenant usage at 375 px");
    await expectAccessible(page);
  });
});
