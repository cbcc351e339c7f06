import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const demo = {
  admin: { email: "admin@verdant.example", password: "admin-demo-pass" },
  operator: { email: "operator@verdant.example", password: "operator-demo-pass" },
  aurora: { email: "ada@aurora.example", password: "tenant-demo-pass" },
  borealis: { email: "bo@borealis.example", password: "tenant-demo-pass" },
};

/** Signs in through the real form and waits for the role's home page. */
export async function signIn(page: Page, who: { email: string; password: string }, home: RegExp) {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(home);
}

/** Signs out with the header button and checks the session is gone. */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/tenant/jobs");
  await expect(page).toHaveURL(/\/sign-in$/);
}

/**
 * Fails on serious or critical accessibility violations (axe-core). Next.js streams a dynamic page's
 * metadata after its content, so the <title> can arrive a moment after the page shows (after a form
 * action re-renders it, too): wait for it first, or axe sometimes reads a document without one. A page
 * that never gets a title still fails here.
 */
export async function expectAccessible(page: Page) {
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

/**
 * The document does not scroll sideways. Charts re-measure on a ResizeObserver tick after a
 * viewport change, so the width is polled until layout settles instead of read once mid-resize.
 */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: `${what} scrolls sideways (px beyond the viewport)`,
      timeout: 5_000,
    })
    .toBeLessThanOrEqual(0);
}
