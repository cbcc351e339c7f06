import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { demo, expectAccessible, expectNoSidewaysScroll, signIn } from "./helpers";

const fixture = readFileSync(new URL("../tests/fixtures/carbon/electricitymaps-CA-ON-2023-first-48h.csv", import.meta.url), "utf8");
const badFixture = fixture
  .split("\n")
  .map((line, i) => (i + 1 === 5 ? line.replace(/,false,(\r?)$/, ",maybe,$1") : line))
  .join("\n");
const TOKEN = "e2e-secret-token-4711";

/** A full-page screenshot kept with the test's results (and attached to the report). */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/** The "N measured · M forecast" hours line of a zone card. */
async function hoursShown(zone: Locator): Promise<{ measured: number; forecast: number }> {
  const m = /(\d+) measured · (\d+) forecast/.exec((await zone.textContent()) ?? "");
  expect(m, "hours line").not.toBeNull();
  return { measured: Number(m?.[1]), forecast: Number(m?.[2]) };
}

test.describe("carbon", () => {
  test("an operator sees intensity per zone (measured solid, forecast dashed, now line), emissions and the savings ledger", async ({ page }, testInfo) => {
    await signIn(page, demo.operator, /\/operator$/);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Carbon" }).click();
    await expect(page).toHaveURL(/\/operator\/carbon$/);
    await expect(page.getByRole("heading", { name: "Carbon", exact: true })).toBeVisible();
    const zones = page.getByTestId("zone-intensity");
    await expect(zones).toHaveCount(6);
    const ontario = zones.filter({ hasText: "CA-ON" });
    await expect(ontario).toContainText("Signal: average");
    await expect(ontario).toContainText("Emission factors: lifecycle");
    await expect(ontario).toContainText("Electricity Maps (2023 data, replayed)");
    // A week of measured hours and the forecast after them: the split moves by one when an hour
    // boundary passes between seeding and this look, the total does not.
    const week = await hoursShown(ontario);
    expect(week.measured).toBeGreaterThanOrEqual(166);
    expect(week.measured + week.forecast).toBe(217);
    // Recharts drew both series: the forecast dashed, the measured solid, and the now line.
    await expect(ontario.locator(".recharts-line-curve")).toHaveCount(2);
    await expect(ontario.locator('.recharts-line-curve[stroke-dasharray="6 4"]')).toHaveCount(1);
    await expect(ontario.locator("svg text").filter({ hasText: /^now$/ })).toHaveCount(1);
    // Emissions and the ledger: figures when jobs have run, else a useful empty state.
    await expect(page.getByTestId("emissions").or(page.getByTestId("emissions-empty"))).toBeVisible();
    await expect(page.getByTestId("ledger").or(page.getByTestId("ledger-empty"))).toBeVisible();
    await expect(page.getByText(/days in your time zone \(/)).toBeVisible();
    await page.getByLabel("History").selectOption("1");
    await expect(ontario).toContainText(/2[34] measured · (49|50) forecast/);
    await expectAccessible(page);
    await screenshot(page, testInfo, "carbon-operator");

    // A phone's width: nothing forces the page sideways (wide tables scroll inside their box).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(zones.first().locator(".recharts-line-curve").first()).toBeVisible();
    await expectNoSidewaysScroll(page, "the carbon page at 390 px");
    await screenshot(page, testInfo, "carbon-operator-phone");
  });

  test("an admin uploads a CSV with a bad line (report, nothing written), then a good one (coverage grows), and configures a feed (audited, token never shown)", async ({
    page,
  }, testInfo) => {
    await signIn(page, demo.admin, /\/admin\/clusters$/);
    await page.getByRole("link", { name: "Zones & feeds" }).click();
    await expect(page.getByRole("heading", { name: "Grid zones and carbon feeds" })).toBeVisible();
    const ontario = page.getByTestId("zone-row").filter({ hasText: "CA-ON" });
    await expect(page.getByTestId("zone-row")).toHaveCount(6);
    await expect(ontario.getByTestId("measured-hours")).toHaveText("720 h");

    await page.getByLabel("Grid zone", { exact: true }).selectOption("CA-ON");
    await page.getByLabel(/Hourly CSV/).setInputFiles({ name: "ca-on-bad.csv", mimeType: "text/csv", buffer: Buffer.from(badFixture) });
    await page.getByRole("button", { name: "Validate and import" }).click();
    const report = page.getByTestId("csv-report");
    await expect(report).toContainText("Nothing was imported: 1 of 48 lines has a problem");
    const issue = page.getByTestId("csv-issue");
    await expect(issue).toHaveCount(1);
    await expect(issue).toContainText("5");
    await expect(issue).toContainText('"maybe" is not true or false');
    await expect(ontario.getByTestId("measured-hours")).toHaveText("720 h");
    await expectAccessible(page);

    // The good file as .csv.gz: the browser sends the bytes, the server unpacks them.
    await page.getByLabel(/Hourly CSV/).setInputFiles({ name: "ca-on-good.csv.gz", mimeType: "application/gzip", buffer: gzipSync(fixture) });
    await page.getByRole("button", { name: "Validate and import" }).click();
    await expect(report).toContainText("Imported ca-on-good.csv.gz into CA-ON: 48 hours (48 new, 0 replaced)");
    await expect(ontario.getByTestId("measured-hours")).toHaveText("768 h");
    await expect(ontario).toContainText("2023");

    // A feed: the form names each bad field, then saves.
    await page.getByRole("button", { name: "Add a feed" }).click();
    await page.getByLabel("Grid zone", { exact: true }).last().selectOption("GB");
    await page.getByLabel("Provider and signal").selectOption("WATTTIME");
    await page.getByLabel("Poll every (seconds, at least 60)").fill("30");
    await page.getByRole("button", { name: "Add feed" }).click();
    await expect(page.getByText("At least 60 seconds")).toBeVisible();
    await page.getByLabel("Poll every (seconds, at least 60)").fill("300");
    await page.getByRole("button", { name: "Add feed" }).click();
    await expect(page.getByText(/never mixed in one zone/)).toBeVisible();
    await page.getByLabel("Provider and signal").selectOption("ELECTRICITY_MAPS");
    await page.getByLabel("API token").fill(TOKEN);
    await page.getByRole("button", { name: "Add feed" }).click();
    const feed = page.getByTestId("feed-row");
    await expect(feed).toHaveCount(1);
    await expect(feed).toContainText("GB");
    await expect(feed).toContainText("https://api.electricitymap.org");
    await expect(feed).toContainText("token set");
    await expect(feed).toContainText("every 5 min");
    expect(await page.content()).not.toContain(TOKEN);
    await expectAccessible(page);
    await screenshot(page, testInfo, "carbon-admin");

    await page.getByRole("link", { name: "Audit log" }).click();
    const created = page.getByTestId("audit-row").filter({ hasText: "carbon.feed-create" }).first();
    await expect(created).toContainText("Avery Admin");
    await created.getByText("before / after").click();
    await expect(created).toContainText('"tokenSet": true');
    await expect(created).toContainText('"pollIntervalS": 300');
    await expect(page.getByTestId("audit-row").filter({ hasText: "carbon.import-csv" })).toHaveCount(1);
    expect(await page.content()).not.toContain(TOKEN);
  });
});
