import { expect, test } from "@playwright/test";
import { demo, expectAccessible, signIn, signOut } from "./helpers";

test.describe("auto-tune", () => {
  test("operator tunes the policy on the demo's history; an admin sees the proposal in the policy editor", async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    await signIn(page, demo.operator, /\/operator$/);
    await page.goto("/operator/experiments");
    await page.getByRole("link", { name: "New auto-tune" }).click();
    await expect(page.getByRole("heading", { name: "New auto-tune" })).toBeVisible();
    await expectAccessible(page);

    // A refused setting shows under its field and starts nothing.
    await page.getByLabel("Trials", { exact: true }).fill("1");
    await page.getByRole("button", { name: "Start auto-tune" }).click();
    await expect(page.getByText("2 to 200 trials")).toBeVisible();

    await page.getByLabel("Name", { exact: true }).fill(`e2e auto-tune ${Date.now()}`);
    await page.getByLabel("Training window (days)").fill("9");
    await page.getByLabel("Held-out validation window (days)").fill("4");
    await page.getByLabel("Trials", { exact: true }).fill("6");
    const started = Date.now();
    await page.getByRole("button", { name: "Start auto-tune" }).click();
    await expect(page).toHaveURL(/\/operator\/experiments\/[a-z0-9]+$/);
    await expect(page.getByTestId("experiment-status")).toContainText("succeeded", { timeout: 200_000 });
    testInfo.annotations.push({ type: "auto-tune wall time in the browser", description: `${((Date.now() - started) / 1000).toFixed(1)} s` });

    const verdict = page.getByTestId("auto-tune-verdict");
    await expect(verdict).toBeVisible();
    await expect(page.getByTestId("auto-tune-trials").locator("tbody tr")).toHaveCount(6);
    await expect(
      page
        .getByRole("region", { name: /Trials: CO2e on the training window/ })
        .locator(".recharts-surface")
        .first(),
    ).toBeVisible();
    await expectAccessible(page);
    const proposed = /beat the active policy on the held-out window/.test((await verdict.textContent()) ?? "");
    if (proposed) {
      await expect(page.getByTestId("auto-tune-winner")).toContainText("Proposed, validation");
      await expect(page.getByTestId("auto-tune-proposal")).toContainText("Proposal proposed");
    } else {
      await expect(verdict).toContainText("nothing is proposed");
      await expect(page.getByTestId("auto-tune-proposal")).toHaveCount(0);
    }
    const experimentUrl = page.url();
    await signOut(page);

    // Only admins decide. Discarding leaves the active policy as it was for the specs that follow.
    await signIn(page, demo.admin, /\/admin/);
    await page.goto("/admin/policy");
    const panel = page.getByTestId("policy-proposals");
    await expect(panel).toBeVisible();
    await expectAccessible(page);
    if (proposed) {
      const proposal = panel.getByTestId("policy-proposal").first();
      await expect(proposal).toContainText("Held-out validation");
      await expect(proposal).toContainText("objectiveWeights.");
      await expect(proposal.getByRole("button", { name: "Apply as new version" })).toBeVisible();
      await proposal.getByRole("button", { name: "Discard" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Discard" }).click();
      await expect(panel).toContainText("No open proposals");
      await page.goto(experimentUrl);
      await expect(page.getByTestId("auto-tune-proposal")).toContainText("Proposal discarded");
    } else {
      await expect(panel).toContainText("No open proposals");
    }
  });
});
