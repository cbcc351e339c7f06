import { expect, test } from "@playwright/test";
import { E2E_METRICS_TOKEN } from "../playwright.config";

test.describe("HTTP surface", () => {
  test("health reports the database as up", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: { status: "up" } });
  });

  test("unknown routes are 404 pages and wrong methods 405, never stack traces", async ({ request, page }) => {
    const missing = await page.goto("/no/such/page");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    expect((await request.post("/api/health")).status()).toBe(405);
    const wrongMethod = await request.get("/api/trpc/jobs.submit");
    expect(wrongMethod.status()).toBe(405);
    expect(await wrongMethod.text()).not.toContain("    at ");
    const unknownProcedure = await request.get("/api/trpc/no.such.procedure");
    expect(unknownProcedure.status()).toBe(404);
  });

  test("metrics need the bearer token", async ({ request }) => {
    expect((await request.get("/api/metrics")).status()).toBe(401);
    expect((await request.get("/api/metrics", { headers: { authorization: "Bearer not-the-metrics-token" } })).status()).toBe(401);
    const response = await request.get("/api/metrics", { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('verdant_service_restarts_total{service="experiments"} 0');
  });

  test("procedures refuse anonymous callers with 401", async ({ request }) => {
    const response = await request.get("/api/trpc/clusters.list");
    expect(response.status()).toBe(401);
    expect((await request.get("/api/jobs/export")).status()).toBe(401);
  });
});
