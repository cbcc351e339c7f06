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
});
