// End-to-end tests in a real Chromium against the production build, started by the same script as
// `npm start` on a throw-away embedded PostgreSQL (fresh data folder each run).
import { defineConfig } from "@playwright/test";
import { existsSync } from "node:fs";

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The bearer token the e2e server's /api/metrics requires (e2e/http.spec.ts reads it from here). */
export const E2E_METRICS_TOKEN = "e2e-metrics-token-0123456789";
// Debian's Chromium where present (no browser download on closed networks), else Playwright's own.
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]] : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: "rm -rf .data/e2e && tsx scripts/start.ts",
    url: `http://localhost:${PORT}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: {
      PORT: String(PORT),
      VERDANT_DATA_DIR: ".data/e2e",
      VERDANT_EMBEDDED_PG_PORT: String(process.env.E2E_PG_PORT ?? 25431),
      DATABASE_URL: "",
      SESSION_SECRET: "",
      VERDANT_WORKER: "off",
      // The specs read the full fleet's figures and the demo quotas.
      VERDANT_DEMO_WORKLOAD: "quiet",
      VERDANT_METRICS_TOKEN: E2E_METRICS_TOKEN,
      VERDANT_METRICS_PUBLIC: "false",
    },
  },
});
