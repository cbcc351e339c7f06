import { expect, test } from "@playwright/test";
import { demo, expectAccessible, signIn, signOut } from "./helpers";

test.describe("operator", () => {
  test("sees a tenant's new job appear live in the fleet jobs table, filters and exports it", async ({ page, browser }) => {
    await signIn(page, demo.operator, /\/operator$/);
    await page.getByRole("link", { name: "Jobs", exact: true }).click();
    await expect(page).toHaveURL(/\/operator\/jobs$/);
    await expect(page.getByRole("heading", { name: "Jobs" })).toBeVisible();
    const name = `e2e-op-${Date.now()}`;
    await page.getByLabel("Name contains").fill(name);
    await expect(page.getByText("No jobs match these filters.")).toBeVisible();

    // A tenant submits while the operator watches, in its own browser context (its own session cookie).
    const tenant = await browser.newPage();
    await signIn(tenant, demo.aurora, /\/tenant\/jobs$/);
    await tenant.goto("/tenant/jobs/new");
    await tenant.getByLabel("Name").fill(name);
    await tenant.getByRole("button", { name: "Submit job" }).click();
    await expect(tenant).toHaveURL(/submitted=1/);
    await tenant.close();

    // No reload: the table polls every 2 s.
    const row = page.getByTestId("fleet-job-row").filter({ hasText: name });
    await expect(row).toContainText("Aurora Labs", { timeout: 5_000 });
    await expect(row).toContainText("queued");
    // Its place in the queue and where the start estimate comes from (keyboard-reachable tooltip).
    const estimate = row.getByTestId("queue-estimate");
    await expect(estimate).toContainText(/#\d+ of \d+/);
    await estimate.locator("[aria-describedby]").focus();
    await expect(row.getByRole("tooltip")).toBeVisible();
    await expect(row.getByRole("tooltip")).toContainText("then each tenant's fair share");

    await page.getByLabel("Name contains").fill("");
    await page.getByLabel("Tenant").selectOption({ label: "Cirrus Media" });
    // Polled: the first row can read "Cirrus Media" while the rest still belong to the unfiltered table.
    const tenantsShown = async () => [...new Set(await page.getByTestId("fleet-job-row").locator("td:nth-child(2)").allInnerTexts())];
    await expect.poll(tenantsShown, { timeout: 10_000 }).toEqual(["Cirrus Media"]);
    // The CSV export carries the same filter, with the operator's own session.
    const href = await page.getByRole("link", { name: "Export these jobs as CSV" }).getAttribute("href");
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\n");
    expect(lines[0]).toContain("id,name,tenant,status");
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes("Cirrus Media"))).toBe(true);
    await expectAccessible(page);
  });

  test("views the clusters, a cluster's GPU heatmap and history, signs out", async ({ page }) => {
    // Its own test: an accessibility scan of a 305-node heatmap is slow, and it gets its own time budget.
    await signIn(page, demo.operator, /\/operator$/);
    await page.getByRole("link", { name: "Clusters" }).click();
    await expect(page.getByRole("heading", { name: "Clusters" })).toBeVisible();
    await expect(page.getByTestId("cluster-row")).toHaveCount(7);
    await expect(page.getByText("fra-hub-1")).toBeVisible();
    await expect(page.getByTestId("cluster-fragmentation").first()).toContainText(/GFR \d+\.\d %/);
    await expectAccessible(page);
    await page.getByRole("link", { name: "fra-hub-1" }).click();
    await expect(page.getByRole("heading", { name: "fra-hub-1" })).toBeVisible();
    await expect(page.getByTestId("gpu-heatmap").getByRole("img").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: /GPUs by rack and node/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Allocation and power over time" })).toBeVisible();
    await expect(page.getByText(/Fragmented nodes \(GFR\)/)).toBeVisible();
    await expect(page.getByTestId("live-status")).toContainText("Live");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Clusters" }).click();
    await signOut(page);
  });

  test("lands on the fleet overview with KPIs, intensity per zone and latest decisions", async ({ page }) => {
    await signIn(page, demo.operator, /\/operator$/);
    await expect(page.getByRole("heading", { name: "Fleet overview" })).toBeVisible();
    const kpis = page.getByTestId("kpis");
    await expect(kpis).toContainText("GPU allocation (GAR)");
    await expect(kpis).toContainText("7,332 GPUs");
    await expect(
      page
        .getByRole("img", { name: /carbon intensity per grid zone/ })
        .locator("svg")
        .first(),
    ).toBeVisible();
    await expect(page.getByRole("row", { name: /CA-ON/ })).toBeVisible();
    await expect(page.getByTestId("kpi-gfr")).toContainText("GPU nodes");
    await expect(page.getByTestId("kpi-sor")).toBeVisible();
    await expect(page.getByTestId("kpi-saved-today")).toContainText("Saved vs baseline today");
    await expect(page.getByRole("heading", { name: "GPU allocation over time" })).toBeVisible();
    await page.getByRole("button", { name: "7 days" }).click();
    await expect(page.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("img", { name: /GPU allocation in percent over the last 7d/ }).or(page.getByTestId("allocation-empty"))).toBeVisible();
    await expect(page.getByTestId("live-status")).toContainText("Live");
    await expectAccessible(page);
  });
});
