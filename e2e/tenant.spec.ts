import { expect, test } from "@playwright/test";
import { demo, expectAccessible, signIn, signOut } from "./helpers";

test.describe("tenant", () => {
  test("signs in, submits a job with inline validation, sees it queued, signs out", async ({ page }) => {
    await signIn(page, demo.aurora, /\/tenant\/jobs$/);
    await expect(page.getByRole("heading", { name: "My jobs" })).toBeVisible();
    await expect(page.getByTestId("signed-in-as")).toContainText("Aurora Labs");
    await expect(page.getByTestId("job-row").first()).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Submit a job" }).first().click();
    await expect(page.getByRole("heading", { name: "Submit a job" })).toBeVisible();
    // Client-side validation: nothing is sent, and each bad field says what is wrong.
    await page.getByLabel("CPU (cores per node)").fill("0");
    await page.getByRole("button", { name: "Submit job" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("At least 0.1 CPU core")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

    const name = `e2e-train-${Date.now()}`;
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("CPU (cores per node)").fill("6");
    await page.getByLabel("Memory (GiB per node)").fill("24");
    await page.getByLabel("GPUs per node").fill("1");
    await page.getByLabel("GPU share (% of one GPU)").fill("50");
    await page.getByLabel("V100M32").check();
    await page.getByLabel("Estimated duration (hours)").fill("3");
    // The live preview is a dry run of the scheduler: where, when, and the carbon, before submitting.
    const preview = page.getByTestId("job-preview");
    await expect(preview).toContainText("Would run on", { timeout: 20_000 });
    await expect(page.getByTestId("preview-emissions")).toContainText("CO2e");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Submit job" }).click();

    await expect(page).toHaveURL(/\/tenant\/jobs\?submitted=1$/);
    await expect(page.getByRole("status")).toContainText("queued");
    const row = page.getByTestId("job-row").filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row).toContainText("queued");
    await expect(row).toContainText("0.50 GPU (shared)");
    await expect(row.getByTestId("queue-estimate")).toContainText(/#\d+ of \d+/);
    await expect(row.getByTestId("job-energy")).toContainText("—");
    await expectAccessible(page);

    // Resubmit as a copy: the form opens with the same request and submits a new job (a new key).
    await row.getByRole("link", { name: `Resubmit ${name} as a copy` }).click();
    await expect(page.getByTestId("copy-notice")).toContainText(name);
    await expect(page.getByLabel("Name")).toHaveValue(`${name}-copy`);
    await expect(page.getByLabel("CPU (cores per node)")).toHaveValue("6");
    await expect(page.getByLabel("GPU share (% of one GPU)")).toHaveValue("50");
    await expect(page.getByLabel("V100M32")).toBeChecked();
    await expect(page.getByLabel("Estimated duration (hours)")).toHaveValue("3");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Submit job" }).click();
    await expect(page).toHaveURL(/\/tenant\/jobs\?submitted=1$/);
    await expect(page.getByTestId("job-row").filter({ hasText: `${name}-copy` })).toContainText("0.50 GPU (shared)");
    await expect(page.getByTestId("job-row").filter({ hasText: name })).toHaveCount(2);
    await signOut(page);
  });

  test("a copy of another tenant's job opens an empty form", async ({ page, browser }) => {
    const other = await browser.newPage();
    await signIn(other, demo.borealis, /\/tenant\/jobs$/);
    const href = await other
      .getByRole("link", { name: /as a copy$/ })
      .first()
      .getAttribute("href");
    await other.close();
    await signIn(page, demo.aurora, /\/tenant\/jobs$/);
    await page.goto(href!);
    await expect(page.getByText("That job was not found among your tenant's jobs")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("");
  });

  test("server-side field errors show inline and keep the input", async ({ page }) => {
    await signIn(page, demo.borealis, /\/tenant\/jobs$/);
    await page.goto("/tenant/jobs/new");
    await page.getByLabel("Name").fill("too-big");
    await page.getByLabel("GPUs per node").fill("8");
    await page.getByLabel("Nodes (gang size)").fill("40");
    await page.getByRole("button", { name: "Submit job" }).click();
    // Borealis's quota is 200 GPUs: only the server knows it.
    await expect(page.getByText("The job needs 320 GPUs but your tenant's quota is 200")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("too-big");
  });

  test("cannot open operator or admin pages", async ({ page }) => {
    await signIn(page, demo.aurora, /\/tenant\/jobs$/);
    await page.goto("/operator/jobs");
    await expect(page).toHaveURL(/\/tenant\/jobs$/);
    await page.goto("/admin/clusters");
    await expect(page).toHaveURL(/\/tenant\/jobs$/);
    expect((await page.request.get("/api/jobs/export")).status()).toBe(403);
  });

  test("sees usage against the tenant's quota and carbon budget", async ({ page }) => {
    await signIn(page, demo.aurora, /\/tenant\/jobs$/);
    await page.getByRole("link", { name: "Usage" }).click();
    await expect(page.getByRole("heading", { name: "Usage" })).toBeVisible();
    await expect(page.getByTestId("usage-gpus")).toContainText("of 400 GPUs");
    await expect(page.getByTestId("usage-carbon")).toContainText("of 6,000 kg CO2e");
    await expectAccessible(page);
  });
});
