/**
 * bench:pages — page load times of the production build in a real Chromium. Starts the production
 * server (`scripts/start.ts`: embedded PostgreSQL, seed once, build when stale) on its own port and
 * data folder, or uses a running one (--url). Signs in per role through the real form, loads each
 * main page --runs times with the browser cache cleared (a first visit), and prints per page: time
 * from navigation start to the load event and to the main content being visible (median and p95),
 * and the bytes transferred.
 *
 *   npm run --silent bench:pages -- [--url http://localhost:3000] [--runs 10] [--port 3190]
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { BENCH_PAGES, BENCH_USERS, type BenchPage } from "./bench-pages/pages";
import { formatTable, type PageResult } from "./bench-pages/stats";

function parseArgs(argv: string[]) {
  const args = { url: null as string | null, runs: 10, port: 3190, pgPort: 25490 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = argv[i + 1];
    if (flag === "--url" && value) args.url = value.replace(/\/$/, "");
    else if (flag === "--runs" && value && Number.isInteger(Number(value)) && Number(value) > 0) args.runs = Number(value);
    else if (flag === "--port" && value && Number.isInteger(Number(value))) args.port = Number(value);
    else if (flag === "--pg-port" && value && Number.isInteger(Number(value))) args.pgPort = Number(value);
    else {
      process.stderr.write(`bench:pages: bad argument "${flag}"\nusage: npm run --silent bench:pages -- [--url URL] [--runs N] [--port N] [--pg-port N]\n`);
      process.exit(2);
    }
    i++;
  }
  return args;
}

async function waitForHealth(base: string, server: ChildProcess | null, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server && server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode} before it was ready`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${base}/api/health did not answer 200 within ${timeoutMs / 1000} s`);
}

/** Starts the production server on its own port and data folder, with the scheduling worker as `npm start` runs it. */
function startServer(port: number, pgPort: number): ChildProcess {
  process.stderr.write(`starting the production server on port ${port} (builds first when stale)…\n`);
  return spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      VERDANT_DATA_DIR: ".data/bench",
      VERDANT_EMBEDDED_PG_PORT: String(pgPort),
      DATABASE_URL: "",
      VERDANT_WORKER: process.env.VERDANT_WORKER ?? "on",
    },
  });
}

async function signIn(page: Page, base: string, role: keyof typeof BENCH_USERS) {
  const user = BENCH_USERS[role];
  await page.goto(`${base}/sign-in`);
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(user.home);
}

/** Resolves "follow:" paths to the first matching link's href on the current (or named) page. */
async function resolvePath(page: Page, base: string, spec: BenchPage): Promise<string | null> {
  if (!spec.path.startsWith("follow")) return spec.path;
  const [, from, selector] = spec.path.startsWith("follow-from:")
    ? spec.path.match(/^follow-from:([^:]+):(.*)$/)!
    : [null, null, spec.path.slice("follow:".length)];
  if (from) await page.goto(`${base}${from}`);
  const link = page.locator(selector!).first();
  // A fresh database has no decision until the worker's first cycle: give it a little while.
  await link.waitFor({ state: "attached", timeout: 30_000 }).catch(() => {});
  if ((await link.count()) === 0) return null;
  return link.getAttribute("href");
}

async function measure(context: BrowserContext, page: Page, url: string, content: string) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
  await page.goto(url, { waitUntil: "load" });
  // performance.now() counts from navigation start; poll every frame for the content to be visible.
  const contentMs = await (
    await page.waitForFunction(
      (selector) => {
        const el = document.querySelector(selector);
        return el && el.getBoundingClientRect().height > 0 && !document.querySelector("[data-testid=page-loading]") ? performance.now() : false;
      },
      content,
      { polling: "raf", timeout: 30_000 },
    )
  ).jsonValue();
  return page.evaluate((contentAt) => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    // Bytes that arrived before the content was visible: the document and what the page loaded for it.
    const bytes = nav.transferSize + resources.filter((r) => r.responseEnd <= contentAt).reduce((s, r) => s + r.transferSize, 0);
    return { loadMs: nav.loadEventEnd - nav.startTime, contentMs: Math.max(contentAt, 0), bytes };
  }, contentMs as number);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const base = args.url ?? `http://localhost:${args.port}`;
  const server = args.url ? null : startServer(args.port, args.pgPort);
  const stop = () => server?.kill("SIGTERM");
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });
  try {
    await waitForHealth(base, server, 600_000);
    const executablePath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
    const browser = await chromium.launch({
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
    });
    const results: PageResult[] = [];
    try {
      for (const role of ["operator", "tenant", "admin"] as const) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        await signIn(page, base, role);
        for (const spec of BENCH_PAGES.filter((p) => p.role === role)) {
          const path = await resolvePath(page, base, spec);
          if (!path) {
            process.stderr.write(`${spec.name}: no link to follow (nothing to show yet), not measured\n`);
            continue;
          }
          await measure(context, page, `${base}${path}`, spec.content); // warm the server's code paths once
          const result: PageResult = { page: spec.name, role, loadMs: [], contentMs: [], bytes: [] };
          for (let run = 0; run < args.runs; run++) {
            const m = await measure(context, page, `${base}${path}`, spec.content);
            result.loadMs.push(m.loadMs);
            result.contentMs.push(m.contentMs);
            result.bytes.push(m.bytes);
          }
          process.stderr.write(`${spec.name} (${role}): done\n`);
          results.push(result);
        }
        await context.close();
      }
    } finally {
      await browser.close();
    }
    process.stdout.write(`${formatTable(results)}\n`);
    process.stdout.write(`${args.runs} runs per page after one warm-up, browser cache cleared before each; times from navigation start; ${base}\n`);
  } finally {
    stop();
  }
}

main().catch((error) => {
  process.stderr.write(`bench:pages: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
