// API tokens in the browser: reached from the account menu, the secret shown once and working as a
// bearer token against /api/trpc, then revoked with a confirmation and refused from then on.
import { expect, test } from "@playwright/test";
import { demo, expectAccessible, expectNoSidewaysScroll, signIn } from "./helpers";

test("a tenant member creates a token, sees it once, uses it and revokes it", async ({ page }) => {
  await signIn(page, demo.aurora, /\/tenant\/jobs/);
  await page.getByTestId("signed-in-as").click();
  await page.getByRole("link", { name: "API tokens" }).click();
  await expect(page).toHaveURL(/\/account\/tokens$/);
  await expect(page.getByRole("heading", { name: "API tokens", level: 1 })).toBeVisible();

  // An empty name is refused beside the field, nothing is created.
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByText("Give the token a name")).toBeVisible();

  await page.getByLabel("Name").fill("e2e laptop");
  await page.getByLabel("Expires after").selectOption("30");
  await page.getByRole("button", { name: "Create token" }).click();
  const secretBox = page.getByTestId("new-token-secret");
  await expect(secretBox).toHaveText(/^vdt_[A-Za-z0-9_-]{43}$/);
  const secret = (await secretBox.textContent())!;
  await expectAccessible(page);

  // The token acts as its user over the API.
  const me = await page.request.get("/api/trpc/auth.me", { headers: { authorization: `Bearer ${secret}` } });
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { result: { data: { json: { email: string } } } }).result.data.json.email).toBe(demo.aurora.email);

  // Shown once: hidden, and not on the page after a reload; the table shows its prefix only.
  await page.getByRole("button", { name: "Done, hide it" }).click();
  await expect(secretBox).toHaveCount(0);
  await page.reload();
  expect(await page.content()).not.toContain(secret);
  const row = page.getByTestId("api-token-table").getByRole("row", { name: /e2e laptop/ });
  await expect(row).toContainText(`${secret.slice(0, 8)}…`);
  await expect(row).toContainText("active");

  // Revoke asks first; "Keep it" keeps it.
  await row.getByRole("button", { name: "Revoke e2e laptop" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Keep it" }).click();
  await expect(row).toContainText("active");
  await row.getByRole("button", { name: "Revoke e2e laptop" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke token" }).click();
  await expect(row).toContainText("revoked");
  const refused = await page.request.get("/api/trpc/auth.me", { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { json: { message: string } } }).error.json.message).toMatch(/was revoked at/);

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page, "API tokens at 375 px");
});
