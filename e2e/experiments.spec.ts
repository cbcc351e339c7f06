import { expect, test } from "@playwright/test";
import { demo, expectAccessible, signIn } from "./helpers";

test.describe("experiments", () => {
  test("operator runs the small example to completion and compares the policies", async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await signIn(page, demo.operator, /\/operator$/);
    await page.getByRole("link", { name: "Experiments" }).click();
    await expect(page.getByRole("heading", { name: "Experiments", exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "New experiment" }).click();
    await expect(page.getByRole("heading", { name: "New experiment" })).toBeVisible();
    // The small shipped example when there is one (quick runs), else the first.
    const options = await page.getByLabel("Example", { exact: true }).locator("option").allTextContents();
    const small = options.find((o) => /small|quick/i.test(o)) ?? options[0]!;
    await page.getByLabel("Example", { exact: true }).selectOption({ label: small });
    await expect(page.getByTestId("scenario-summary")).toContainText("clusters", { timeout: 30_000 });
    const policies = page.getByRole("group", { name: /Policies to compare/ }).getByRole("checkbox");
    expect(await policies.count()).toBeGreaterThan(1);
    await page.getByLabel("Experiment name").fill(`e2e-${Date.now()}`);
    await expectAccessible(page);
    const started = Date.now();
    await page.getByRole("button", { name: "Start experiment" }).click();

    await expect(page).toHaveURL(/\/operator\/experiments\/[a-z0-9]+$/);
    // The live progress bar while it is queued or running (it may finish quickly on a small example).
    const bar = page.getByRole("progressbar", { name: "Experiment progress" });
    const table = page.getByTestId("comparison-table");
    await expect(bar.or(table)).toBeVisible();
    const sawProgress = await bar.isVisible();
    await expect(page.getByTestId("experiment-status")).toContainText("succeeded", { timeout: 150_000 });
    testInfo.annotations.push({
      type: "experiment wall time in the browser",
      description: `${((Date.now() - started) / 1000).toFixed(1)} s (progress bar seen: ${sawProgress})`,
    });

    await expect(table).toBeVisible();
    await expect(table).toContainText("Saved vs baseline");
    await expect(table).toContainText("Waiting cost vs baseline");
    await expect(table).toContainText("kg CO2e");
    await expect(page.getByTestId("experiment-headline")).toContainText("less CO2e");
    for (const name of [/GPU allocation \(GAR\) over time/, /Waiting time \(CDF\)/, /Emissions per day/]) {
      const section = page.getByRole("region", { name });
      await expect(section.locator(".recharts-surface").first()).toBeVisible();
    }
    await expectAccessible(page);
    // Kept in test-results and attached to the report.
    const shot = testInfo.outputPath("experiment-comparison.png");
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach("experiment-comparison", { path: shot, contentType: "image/png" });

    await page.getByRole("link", { name: "All experiments" }).click();
    await expect(page.getByTestId("experiment-row").first()).toContainText("succeeded");
  });
});
