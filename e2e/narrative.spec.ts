// The week in words: the operator overview tells the seeded week in template sentences (no model is
// configured here) whose links open the decisions they rest on; a tenant reads its own week.
import { expect, test } from "@playwright/test";
import { demo, expectAccessible, signIn } from "./helpers";

test("the overview tells the week in sentences linked to their decisions", async ({ page }) => {
  await signIn(page, demo.operator, /\/operator$/);
  const panel = page.getByTestId("narrative");
  await expect(panel).toBeVisible({ timeout: 30_000 });
  const sentences = panel.getByTestId("narrative-sentence");
  expect(await sentences.count()).toBeGreaterThanOrEqual(4);
  expect(await sentences.count()).toBeLessThanOrEqual(7);
  await expect(sentences.first()).toContainText(/The scheduler made [\d,]+ decisions/);
  await expect(page.getByTestId("narrative-source")).toContainText("VERDANT_ASK_BASE_URL");
  await expectAccessible(page);

  const link = panel.getByTestId("narrative-link").first();
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/decisions\/[\w-]+$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { name: /^Decision for / })).toBeVisible();
});

test("a tenant's usage page tells its own week, and the week before can be picked", async ({ page }) => {
  await signIn(page, demo.aurora, /\/tenant\/jobs$/);
  await page.goto("/tenant/usage");
  const panel = page.getByTestId("narrative");
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByTestId("narrative-sentence").first()).toContainText("for Aurora Labs");
  await expect(panel).not.toContainText(/Borealis|Cirrus/);
  // The section is labelled "This week in words" too, so the picker is found by its id.
  await page.locator("#narrative-week").selectOption({ label: "the week before" });
  await expect(panel.getByTestId("narrative-sentence").first()).toContainText("Aurora Labs");
});
