import { expect, test } from "@playwright/test";
import { demo, expectAccessible, expectNoSidewaysScroll, signIn } from "./helpers";

// The pages of a contended fleet: priority classes (admin), the queue with each job's pending reason,
// the job page, and reconciliation (operators). The e2e server runs without the worker, so the queue
// holds the seeded jobs and what the spec submits.
test.describe("contended fleet", () => {
  test("an admin adds a priority class, a tenant submits into it with a checkpoint interval and finds the job in its queue", async ({ page, browser }) => {
    await signIn(page, demo.admin, /\/admin\/clusters$/);
    await page.goto("/admin/priority-classes");
    await expect(page.getByRole("heading", { name: "Priority classes" })).toBeVisible();
    // The three standard classes are there from the start.
    for (const name of ["production", "standard", "best-effort"]) await expect(page.getByRole("button", { name: `Edit ${name}` })).toBeVisible();
    await page.getByLabel("Name").fill("e2e-research");
    await page.getByRole("spinbutton", { name: "Priority" }).fill("-5");
    await page.getByRole("button", { name: "Add class" }).click();
    await expect(page.locator("#pc-priority-error")).toBeVisible();
    await page.getByRole("spinbutton", { name: "Priority" }).fill("300");
    await page.getByRole("button", { name: "Add class" }).click();
    await expect(page.getByRole("button", { name: "Edit e2e-research" })).toBeVisible();
    await expectAccessible(page);

    // Its own browser context: its own session cookie (and axe needs a page of a context it made).
    const context = await browser.newContext();
    const tenant = await context.newPage();
    await signIn(tenant, demo.aurora, /\/tenant\/jobs$/);
    await tenant.goto("/tenant/jobs/new");
    const name = `e2e-class-${Date.now()}`;
    await tenant.getByLabel("Name").fill(name);
    await tenant.getByLabel("Priority class").selectOption({ label: "e2e-research" });
    await expect(tenant.getByText("Priority 300; may be preempted.")).toBeVisible();
    await tenant.getByLabel("Checkpoint every (minutes, optional)").fill("30");
    await tenant.getByRole("button", { name: "Submit job" }).click();
    await expect(tenant).toHaveURL(/submitted=1/);

    await tenant.goto("/tenant/queue");
    await expect(tenant.getByRole("heading", { name: "Queue" })).toBeVisible();
    await tenant.getByRole("link", { name }).click();
    await expect(tenant).toHaveURL(/\/jobs\/[^/]+$/);
    await expect(tenant.getByRole("heading", { name })).toBeVisible();
    await expect(tenant.getByText("class e2e-research")).toBeVisible();
    await expectAccessible(tenant);
    await context.close();
  });

  test("an operator reads the queue's pending reasons and the reconciliation page, also on a phone", async ({ page }) => {
    await signIn(page, demo.operator, /\/operator$/);
    await page.goto("/operator/queue");
    await expect(page.getByRole("heading", { name: "Queue" })).toBeVisible();
    const first = page.locator("a[href^='/jobs/']").first();
    await expect(first).toBeVisible();
    await expectAccessible(page);
    await page.goto("/operator/reconcile");
    await expect(page.getByRole("heading", { name: "Reconciliation" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nodes not ready" })).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/operator/queue", "/operator/reconcile"]) {
      await page.goto(path);
      await expectNoSidewaysScroll(page, path);
    }
  });
});
