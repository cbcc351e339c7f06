// Every main page of each role at a laptop (1280 px) and a phone (375 px): nothing scrolls sideways,
// tables fit the laptop and become labelled cards on the phone, the navigation folds into a menu, and
// axe finds no serious violation. Plus the details that hold the screens together: the time zone
// setting labels every time, destructive actions ask in a dialog, and table filters live in the URL.
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { demo, expectAccessible, expectNoSidewaysScroll, signIn } from "./helpers";

const PAGES = {
  tenant: ["/tenant/jobs", "/tenant/jobs/new", "/tenant/queue", "/tenant/usage"],
  operator: ["/operator", "/operator/jobs", "/operator/queue", "/operator/clusters", "/operator/reconcile", "/operator/carbon", "/operator/experiments"],
  admin: [
    "/admin/clusters",
    "/admin/gpu-models",
    "/admin/tenants",
    "/admin/users",
    "/admin/policy",
    "/admin/priority-classes",
    "/admin/carbon",
    "/admin/settings",
    "/admin/audit",
  ],
} as const;

const WHO = {
  tenant: { user: demo.aurora, home: /\/tenant\/jobs$/ },
  operator: { user: demo.operator, home: /\/operator$/ },
  admin: { user: demo.admin, home: /\/admin\/clusters$/ },
} as const;

/** Opens a page and waits until its heading is shown and nothing says it is still loading. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("main h1").first()).toBeVisible();
  await expect(page.getByText(/^Loading\b/)).toHaveCount(0, { timeout: 15_000 });
}

/** A full-page screenshot kept with the test's results. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/** At phone width every card table hides its header row visually and shows each row as a block with labelled cells. */
async function expectCardTables(page: Page, what: string) {
  const tables = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLTableElement>("table.table-cards")].map((t) => {
      const head = t.tHead?.getBoundingClientRect();
      const row = t.tBodies[0]?.rows[0];
      const cell = row?.cells[0];
      return {
        headWidth: head?.width ?? 0,
        rowDisplay: row ? getComputedStyle(row).display : "block",
        labelled: cell ? cell.colSpan > 1 || cell.hasAttribute("data-label") : true,
      };
    }),
  );
  for (const t of tables) {
    expect(t.headWidth, `${what}: the header row of a card table is hidden`).toBeLessThanOrEqual(1);
    expect(t.rowDisplay, `${what}: rows are cards`).toBe("block");
    expect(t.labelled, `${what}: cells carry their column name`).toBe(true);
  }
  return tables.length;
}

for (const role of ["tenant", "operator", "admin"] as const) {
  test.describe(`${role} pages`, () => {
    test(`hold at 1280 and 375 px with no serious axe violations`, async ({ page }, testInfo) => {
      test.setTimeout(300_000);
      await signIn(page, WHO[role].user, WHO[role].home);
      let cardTables = 0;
      for (const path of PAGES[role]) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await open(page, path);
        await expectNoSidewaysScroll(page, `${path} at 1280 px`);
        await expectAccessible(page);
        await page.setViewportSize({ width: 375, height: 800 });
        await expectNoSidewaysScroll(page, `${path} at 375 px`);
        cardTables += await expectCardTables(page, `${path} at 375 px`);
        // The header is one short row: brand, menu button, account and sign out.
        await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
        await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
        expect((await page.getByRole("banner").boundingBox())!.height, `${path}: header height at 375 px`).toBeLessThanOrEqual(120);
        await expectAccessible(page);
        await screenshot(page, testInfo, `${role}${path.replaceAll("/", "-")}-375`);
      }
      expect(cardTables, "pages with tables show them as cards").toBeGreaterThan(0);
      // The phone menu opens and leads somewhere.
      await page.getByRole("button", { name: "Menu" }).click();
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav).toBeVisible();
      await nav.getByRole("link").first().click();
      await expect(nav).toBeHidden();
    });
  });
}

test("the tenant's jobs table fits a 1280 px screen with its actions in view; cancelling asks first", async ({ page }) => {
  await signIn(page, demo.aurora, /\/tenant\/jobs$/);
  await open(page, "/tenant/jobs");
  const table = page.locator("table").first();
  await expect(page.getByTestId("job-row").first()).toBeVisible();
  const fits = await table.evaluate((t) => t.scrollWidth <= (t.parentElement?.clientWidth ?? 0) + 1);
  expect(fits, "the jobs table is no wider than its card").toBe(true);
  await expect(page.getByRole("link", { name: /^Resubmit .* as a copy$/ }).first()).toBeInViewport();
  const cancel = page.getByRole("button", { name: /^Cancel / }).first();
  if ((await cancel.count()) > 0) {
    const label = (await cancel.getAttribute("aria-label"))!;
    await cancel.click();
    const dialog = page.getByRole("dialog", { name: `${label}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Keep it" })).toBeFocused();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: label })).toBeVisible();
  }
});

test("the operator's jobs table keeps filters, sort and page in the URL and fits 1280 px", async ({ page }) => {
  await signIn(page, demo.operator, /\/operator$/);
  await open(page, "/operator/jobs");
  await expect(page.getByTestId("fleet-job-row").first()).toBeVisible();
  const fits = await page
    .locator("table")
    .first()
    .evaluate((t) => t.scrollWidth <= (t.parentElement?.clientWidth ?? 0) + 1);
  expect(fits, "the fleet jobs table is no wider than its card").toBe(true);
  await page.getByLabel("Status").selectOption("QUEUED");
  await expect(page).toHaveURL(/[?&]status=QUEUED/);
  await page.getByRole("button", { name: /^Name/ }).click();
  await expect(page).toHaveURL(/[?&]sort=name/);
  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("QUEUED");
  await expect(page.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "descending");
  for (const row of await page.getByTestId("fleet-job-row").all()) await expect(row).toContainText(/queued/i);
});

test("a person's time zone labels every time on the page, and keyboard focus is outlined", async ({ page }) => {
  await signIn(page, demo.operator, /\/operator$/);
  await open(page, "/operator/jobs");
  await page.getByTestId("signed-in-as").click();
  await page.getByLabel("Time zone").selectOption("Asia/Tokyo");
  await expect(page.getByText("Saved: every time on these pages now uses this zone.")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("fleet-job-row").first()).toBeVisible();
  const times = await page.locator("main time").allTextContents();
  expect(times.length).toBeGreaterThan(0);
  for (const t of times) expect(t).toMatch(/GMT\+9|in \d|ago|now/);
  // Back to the browser's zone, so other specs read the default.
  await page.getByTestId("signed-in-as").click();
  await page.getByLabel("Time zone").selectOption("");
  await expect(page.getByText("Saved: every time on these pages now uses this zone.")).toBeVisible();
  // Keyboard focus: the first link reached by Tab draws an outline.
  await page.keyboard.press("Escape");
  await page.locator("body").press("Tab");
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe("none");
});
