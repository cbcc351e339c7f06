/**
 * A freshly seeded demo has no experiment, so the experiment page would have nothing to measure: when
 * the list is empty, the benchmark runs the smallest shipped example through the real form (as an
 * operator would) and waits for it to finish before any page is timed.
 */
import type { Page } from "@playwright/test";

/** Starts the small example when no experiment exists and waits until it has finished (up to 3 minutes). */
export async function ensureExperiment(page: Page, base: string): Promise<"existing" | "started"> {
  await page.goto(`${base}/operator/experiments`);
  if ((await page.locator("[data-testid=experiment-row]").count()) > 0) return "existing";
  await page.goto(`${base}/operator/experiments/new`);
  const example = page.getByLabel("Example", { exact: true });
  const options = await example.locator("option").allTextContents();
  await example.selectOption({ label: options.find((o) => /small|quick/i.test(o)) ?? options[0]! });
  await page.getByTestId("scenario-summary").getByText("clusters").first().waitFor({ timeout: 60_000 });
  await page.getByLabel("Experiment name").fill("page-load benchmark");
  await page.getByRole("button", { name: "Start experiment" }).click();
  await page.waitForURL(/\/operator\/experiments\/[a-z0-9]+$/);
  await page
    .getByTestId("experiment-status")
    .getByText(/succeeded|failed/)
    .waitFor({ timeout: 180_000 });
  return "started";
}
