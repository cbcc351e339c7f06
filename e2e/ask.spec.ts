import { expect, test } from "@playwright/test";
import { createDb } from "../server/db/client";
import { embeddedDatabaseUrl } from "../server/db/embedded-postgres";
import { runSchedulingCycle } from "../server/services/scheduling-cycle";
import { demo, expectAccessible, signIn } from "./helpers";

// The e2e server runs without a model configured: the Ask box must say how to enable one and answer
// with the decision's own template text, badged as such. One scheduling cycle gives the tenant decisions.
const e2eDatabaseUrl = () => embeddedDatabaseUrl(".data/e2e/pg", Number(process.env.E2E_PG_PORT ?? 25431), "verdant");

test.describe("Ask Verdant without a model", () => {
  test.beforeAll(async () => {
    const db = createDb(e2eDatabaseUrl());
    try {
      const report = await runSchedulingCycle(db, { now: new Date(), seed: 42, maxJobs: 500 });
      expect(report.placed).toBeGreaterThan(0);
    } finally {
      await db.$disconnect();
    }
  });

  test("a tenant's decision page says how to enable Ask and answers with the template text", async ({ page }) => {
    await signIn(page, demo.aurora, /\/tenant\/jobs$/);
    await page.getByTestId("job-row").getByTestId("decision-link").first().click();
    await expect(page.getByRole("heading", { name: /^Decision for / })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Ask Verdant" })).toBeVisible();
    await expect(page.getByTestId("ask-unconfigured")).toContainText("VERDANT_ASK_BASE_URL");
    await expect(page.getByTestId("ask-unconfigured")).toContainText("VERDANT_ASK_MODEL");

    await page.getByRole("button", { name: "Why was this cluster chosen over the others?" }).click();
    const answer = page.getByTestId("ask-answer");
    await expect(answer).toBeVisible();
    await expect(answer.getByTestId("ask-outcome")).toContainText("template text: No model is configured");
    const firstLine = ((await page.getByTestId("decision-text").first().innerText()).split("\n")[0] ?? "").trim();
    expect(firstLine.length).toBeGreaterThan(0);
    await expect(answer).toContainText(firstLine);
    await expectAccessible(page);
  });

  test("the job page has the Ask box with its own suggestions, and an empty question cannot be sent", async ({ page }) => {
    await signIn(page, demo.aurora, /\/tenant\/jobs$/);
    await page.getByTestId("job-row").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/jobs\/[^/]+$/);
    await expect(page.getByRole("heading", { name: "Ask Verdant" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Why is my job waiting, and until when?" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Ask", exact: true })).toBeDisabled();
    await page.getByLabel("Your question").fill("Where will it run?");
    await page.getByRole("button", { name: "Ask", exact: true }).click();
    await expect(page.getByTestId("ask-outcome")).toContainText("template text");
  });
});
