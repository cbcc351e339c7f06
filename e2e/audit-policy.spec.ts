import { expect, test } from "@playwright/test";
import { demo, expectAccessible, expectNoSidewaysScroll, signIn } from "./helpers";

test.describe("audit log and policy rollback", () => {
  test("an admin saves a policy version, rolls back to the first after confirming, and reads both in the filtered audit log as field diffs", async ({
    page,
  }) => {
    await signIn(page, demo.admin, /\/admin\/clusters$/);
    await page.goto("/admin/policy");
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await page.getByLabel("Longest wait for cleaner power (hours)").fill("6");
    await expect(page.getByLabel("Longest wait for cleaner power (hours)")).toHaveValue("6");
    await page.getByLabel("Why this change (kept with the version)").fill("e2e: rollback source");
    await page.getByRole("button", { name: "Save as new version" }).click();
    await expect(page.getByRole("status")).toContainText("Saved as version");
    const versions = page.getByTestId("policy-versions");
    await expect(versions).toContainText("e2e: rollback source");

    // Rolling back asks first; keeping it changes nothing.
    const rollback = page.getByRole("button", { name: "Roll back to version 1" });
    await rollback.click();
    const dialog = page.getByRole("dialog", { name: "Roll back to v1?" });
    await expect(dialog).toContainText("uses it from its next cycle");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Keep it" }).click();
    await expect(dialog).toBeHidden();
    await rollback.click();
    await page.getByRole("dialog", { name: "Roll back to v1?" }).getByRole("button", { name: "Roll back to v1" }).click();
    await expect(versions).toContainText("Rolled back to v1");
    await expect(versions.locator("li").first()).toContainText("active");
    await expect(versions.locator("li").first()).toContainText("constraints.maxDeferralHours: 6 → 24");

    // The audit log, filtered to policies in the URL, shows the rollback field by field.
    await page.goto("/admin/audit");
    await page.getByLabel("What kind").selectOption("Policy");
    await expect(page).toHaveURL(/type=Policy/);
    const rows = page.getByTestId("audit-row");
    await expect(rows.first()).toContainText("policy.rollback");
    await expect(rows.first().getByTestId("audit-change").filter({ hasText: "constraints.maxDeferralHours" })).toContainText("6 → 24");
    await expect(rows.filter({ hasText: "cluster." })).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel("What kind")).toHaveValue("Policy");
    await expect(page.getByTestId("audit-row").first()).toContainText("policy.rollback");
    await expectAccessible(page);

    // Phone width: the audit entries and the queue are cards, nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSidewaysScroll(page, "audit log at 375 px");
    await page.goto("/operator/queue");
    await expectNoSidewaysScroll(page, "queue at 375 px");
  });
});
