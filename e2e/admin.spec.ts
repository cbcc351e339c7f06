import { expect, test } from "@playwright/test";
import { demo, expectAccessible, signIn, signOut } from "./helpers";

test.describe("admin", () => {
  test("signs in, sees the clusters list with zones and inventory, signs out", async ({ page }) => {
    await signIn(page, demo.admin, /\/admin\/clusters$/);
    await expect(page.getByRole("heading", { name: "Clusters" })).toBeVisible();
    const rows = page.getByTestId("cluster-row");
    await expect(rows).toHaveCount(7);
    await expect(rows.filter({ hasText: "tor-hub-1" })).toContainText("CA-ON");
    await expect(rows.filter({ hasText: "sin-hub-1" })).toContainText("H800");
    await expect(page.locator("caption")).toContainText("GPUs");
    await expectAccessible(page);
    await signOut(page);
  });

  test("anonymous visitors are sent to sign-in and wrong passwords are refused", async ({ page }) => {
    await page.goto("/admin/clusters");
    await expect(page).toHaveURL(/\/sign-in$/);
    await expectAccessible(page);
    await page.getByLabel("E-mail").fill(demo.admin.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Wrong e-mail or password.")).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("edits the placement policy with a preview, saves a new version and finds it in the audit log", async ({ page }) => {
    await signIn(page, demo.admin, /\/admin\/clusters$/);
    await page.getByRole("link", { name: "Policy" }).click();
    await expect(page.getByRole("heading", { name: "Placement policy" })).toBeVisible();
    await page.getByLabel("Longest wait for cleaner power (hours)").fill("-3");
    await page.getByRole("button", { name: "Save as new version" }).click();
    await expect(page.getByText("0 to 168 hours")).toBeVisible();
    await page.getByLabel("Longest wait for cleaner power (hours)").fill("12");
    await page.getByLabel("Why this change (kept with the version)").fill("e2e: shorter waits");
    await page.getByRole("button", { name: "Preview impact" }).click();
    await expect(page.getByTestId("policy-preview")).toContainText("would be decided differently");
    await expect(page.getByTestId("policy-preview")).toContainText("constraints.maxDeferralHours: 24 → 12");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save as new version" }).click();
    await expect(page.getByRole("status")).toContainText("Saved as version 2");
    await expect(page.getByTestId("policy-versions")).toContainText("e2e: shorter waits");
    await page.getByRole("link", { name: "Audit log" }).click();
    const entry = page.getByTestId("audit-row").filter({ hasText: "policy.save" }).first();
    await expect(entry).toContainText("Avery Admin");
    await entry.getByText("before / after").click();
    await expect(entry).toContainText('"maxDeferralHours": 12');
    await expectAccessible(page);
  });
});
