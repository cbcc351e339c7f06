import { expect, test } from "@playwright/test";
import { createDb } from "../server/db/client";
import { embeddedDatabaseUrl } from "../server/db/embedded-postgres";
import { demo, expectAccessible, expectNoSidewaysScroll, signIn } from "./helpers";

// The spec adds a cluster; it removes it afterwards (straight from the e2e database) so the other
// specs still see exactly the demo fleet.
// The e2e server's PostgreSQL has a generated password, read when first needed (after the server started).
const e2eDatabaseUrl = () => embeddedDatabaseUrl(".data/e2e/pg", Number(process.env.E2E_PG_PORT ?? 25431), "verdant");
const CLUSTER = "yul-e2e-1";
const csvFile = (lines: string[]) => ({
  name: "yul-nodes.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(["sn,cpu_milli,memory_mib,gpu,model", ...lines].join("\n") + "\n"),
});

test.describe("admin settings", () => {
  test.afterAll(async () => {
    const db = createDb(e2eDatabaseUrl());
    try {
      await db.cluster.deleteMany({ where: { name: CLUSTER } });
    } finally {
      await db.$disconnect();
    }
  });

  test("creates a cluster, imports nodes from CSV, edits a GPU model, sets a quota, creates a user, and reads the audit log", async ({ page }, testInfo) => {
    await signIn(page, demo.admin, /\/admin\/clusters$/);

    // A cluster: the form keeps its input and shows the error beside the field.
    await page.getByRole("link", { name: "New cluster" }).click();
    await expect(page.getByRole("heading", { name: "New cluster" })).toBeVisible();
    await page.getByLabel("Name").fill(CLUSTER);
    await page.getByLabel("Region").fill("na-east");
    await page.getByLabel("Location").fill("Montréal");
    await page.getByLabel("Grid zone").selectOption("CA-ON");
    await page.getByLabel("Latitude (°)").fill("45.5");
    await page.getByLabel("Longitude (°)").fill("-73.57");
    await page.getByLabel("Tier").selectOption("EDGE");
    await page.getByLabel("PUE (facility ÷ IT energy)").fill("0.8");
    await page.getByRole("button", { name: "Create cluster" }).click();
    await expect(page.getByText("PUE is 1.00 to 3.00")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue(CLUSTER);
    await page.getByLabel("PUE (facility ÷ IT energy)").fill("1.2");
    await page.getByRole("button", { name: "Create cluster" }).click();
    await expect(page).toHaveURL(/\/admin\/clusters\/[^/?]+\?created=1$/);
    await expect(page.getByRole("heading", { name: CLUSTER })).toBeVisible();
    await expect(page.getByTestId("cluster-facts")).toContainText("0 nodes");

    // Import: one bad line -> a report naming it, nothing to import; fixed -> preview, import, node count.
    const fileInput = page.getByLabel("Node list file (.csv)");
    await fileInput.setInputFiles(
      csvFile(["yul-e2e-n1,64000,524288,8,A100-SXM4-80GB", "yul-e2e-n2,64000,lots,8,A100-SXM4-80GB", "yul-e2e-n3,32000,262144,0,"]),
    );
    await page.getByRole("button", { name: "Check file" }).click();
    const report = page.getByTestId("import-report");
    await expect(report).toContainText("1 problem in 3 lines");
    await expect(page.getByTestId("import-problem")).toHaveCount(1);
    await expect(page.getByTestId("import-problem")).toContainText("3");
    await expect(page.getByTestId("import-problem")).toContainText("memory_mib");
    await expect(page.getByRole("button", { name: /^Import \d+ nodes/ })).toHaveCount(0);
    await fileInput.setInputFiles(
      csvFile(["yul-e2e-n1,64000,524288,8,A100-SXM4-80GB", "yul-e2e-n2,64000,524288,8,A100-SXM4-80GB", "yul-e2e-n3,32000,262144,0,"]),
    );
    await page.getByRole("button", { name: "Check file" }).click();
    await expect(report).toContainText("all 3 lines are valid");
    await expect(report).toContainText("3 nodes");
    await expect(report).toContainText("16 GPUs");
    await expectAccessible(page);
    await page.getByRole("button", { name: `Import 3 nodes into ${CLUSTER}` }).click();
    await expect(page.getByTestId("import-done")).toContainText(`${CLUSTER} now has 3 nodes`);
    await expect(page.getByTestId("cluster-facts")).toContainText("3 nodes");

    // A GPU model: idle above max is refused inline; a valid edit is saved; a model in use cannot be deleted.
    await page.getByRole("link", { name: "GPU models" }).click();
    await expect(page.getByRole("heading", { name: "GPU models" })).toBeVisible();
    await page.getByRole("button", { name: "Edit G3" }).click();
    await page.getByLabel("Idle power (W)").fill("900");
    await page.getByRole("button", { name: "Save model" }).click();
    await expect(page.getByText("Idle power cannot exceed the maximum power")).toBeVisible();
    await page.getByLabel("Idle power (W)").fill("30");
    await page.getByLabel("Source of the figures").fill("estimate: undisclosed model; V100-class figures (checked e2e)");
    await page.getByRole("button", { name: "Save model" }).click();
    await expect(page.getByRole("status").filter({ hasText: "G3 saved." })).toBeVisible();
    await page.getByRole("button", { name: "Delete T4" }).click();
    await page.getByRole("dialog", { name: "Delete the GPU model T4?" }).getByRole("button", { name: "Delete T4" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "T4 is used by" })).toContainText(/T4 is used by [\d,]+ GPUs on [\d,]+ nodes/);
    await expectAccessible(page);

    // A tenant quota.
    await page.getByRole("link", { name: "Tenants" }).click();
    const cirrus = page.getByTestId("tenant-row").filter({ hasText: "Cirrus Media" });
    await expect(cirrus).toContainText("of 96 GPUs");
    await cirrus.getByRole("button", { name: "Edit Cirrus Media" }).click();
    await page.getByLabel("GPU quota (GPUs at once)").fill("120");
    await page.getByLabel("Carbon budget (kg CO2e per month)").fill("750");
    await page.getByRole("button", { name: "Save tenant" }).click();
    await expect(cirrus).toContainText("of 120 GPUs");
    await expect(cirrus).toContainText("of 750 kg");
    await expectAccessible(page);
    // Readable at phone width: nothing wider than the screen outside the scrollable tables.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, "the tenants page at 390 px");
    await page.setViewportSize({ width: 1280, height: 800 });

    // A user.
    await page.getByRole("link", { name: "Users" }).click();
    await page.getByLabel("E-mail").fill("dee@cirrus.example");
    await page.getByLabel("Name").fill("Dee Cirrus");
    await page.locator("#new-role").selectOption("TENANT_MEMBER");
    await page.locator("#new-tenant").selectOption({ label: "Cirrus Media" });
    await page.getByLabel("Initial password").fill("short");
    await page.getByRole("button", { name: "Create user" }).click();
    await expect(page.getByText("At least 12 characters")).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveValue("dee@cirrus.example");
    await page.getByLabel("Initial password").fill("a-long-enough-pass");
    await page.getByRole("button", { name: "Create user" }).click();
    await expect(page.getByRole("status").filter({ hasText: "dee@cirrus.example created." })).toBeVisible();
    await expect(page.getByTestId("user-row").filter({ hasText: "dee@cirrus.example" })).toContainText("Cirrus Media");
    // The admin cannot lock themselves out.
    await page.getByRole("button", { name: "Manage admin@verdant.example" }).click();
    await page.getByRole("button", { name: "Disable account" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "You cannot disable your own account" })).toBeVisible();
    await expectAccessible(page);

    // Every change is in the audit log with before and after.
    await page.getByRole("link", { name: "Audit log" }).click();
    const rows = page.getByTestId("audit-row");
    for (const action of ["cluster.create", "cluster.import-nodes", "gpu-model.update", "tenant.update", "user.create"]) {
      await expect(rows.filter({ hasText: action }).first()).toContainText("Avery Admin");
    }
    const quota = rows.filter({ hasText: "tenant.update" }).first();
    await quota.getByText("before / after").click();
    await expect(quota).toContainText('"maxGpus": 96');
    await expect(quota).toContainText('"maxGpus": 120');
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath("admin-audit.png"), fullPage: true });
    await testInfo.attach("admin-audit", { path: testInfo.outputPath("admin-audit.png"), contentType: "image/png" });
  });
});
