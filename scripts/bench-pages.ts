/**
 * bench:pages — page load times of the production build in a real Chromium, on the busy demo with its
 * scheduling worker running (the fleet changes while it is measured). Starts the production server
 * (`scripts/start.ts`: embedded PostgreSQL, seed the busy demo once, build when stale) on its own port
 * and data folder, or uses a running one (--url). Signs in per role through the real form, loads each
 * page --runs times with the browser cache cleared (a first visit), and prints per page: time from
 * navigation start to the load event and to the main content being visible (median and p95), and
 * the bytes transferred. Then times the server per 2 s poll of each live table: the page's own poll
 * request replayed --polls times with the signed-in session. --json adds the figures as the last line.
 * --compare URL measures each page on a second running server too (a build of another commit on the
 * same database), alternating between the two run by run so both see the same machine load.
 *
 *   npm run --silent bench:pages -- [--url http://localhost:3000] [--compare http://localhost:3001] [--runs 10] [--polls 20] [--port 3190] [--only text] [--json]
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { ensureExperiment } from "./bench-pages/ensure-experiment";
import { BENCH_PAGES, BENCH_POLLS, BENCH_USERS, type BenchPage, type BenchPoll } from "./bench-pages/pages";
import { formatPolls, formatTable, percentile as percentileOf, summarize, type PageResult, type PollResult } from "./bench-pages/stats";

function parseArgs(argv: string[]) {
  const args = {
    url: null as string | null,
    compare: null as string | null,
    runs: 10,
    polls: 20,
    port: 3190,
    pgPort: 25490,
    only: null as string | null,
    json: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = argv[i + 1];
    if (flag === "--json") {
      args.json = true;
      continue;
    }
    if (flag === "--url" && value) args.url = value.replace(/\/$/, "");
    else if (flag === "--compare" && value) args.compare = value.replace(/\/$/, "");
    else if (flag === "--runs" && value && Number.isInteger(Number(value)) && Number(value) > 0) args.runs = Number(value);
    else if (flag === "--polls" && value && Number.isInteger(Number(value)) && Number(value) >= 0) args.polls = Number(value);
    else if (flag === "--only" && value) args.only = value;
    else if (flag === "--port" && value && Number.isInteger(Number(value))) args.port = Number(value);
    else if (flag === "--pg-port" && value && Number.isInteger(Number(value))) args.pgPort = Number(value);
    else {
      process.stderr.write(
        `bench:pages: bad argument "${flag}"\nusage: npm run --silent bench:pages -- [--url URL] [--compare URL] [--runs N] [--polls N] [--port N] [--pg-port N] [--only TEXT] [--json]\n`,
      );
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

/** Starts the production server on its own port and data folder, on the busy demo, with the scheduling worker as `npm start` runs it. */
function startServer(port: number, pgPort: number): ChildProcess {
  process.stderr.write(`starting the production server on port ${port} (builds first when stale)…\n`);
  return spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      VERDANT_DATA_DIR: ".data/bench",
      // The default demo: 219 nodes with about 550 running and 90 queued jobs, kept busy by the worker.
      VERDANT_DEMO_WORKLOAD: "busy",
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
async function resolvePath(page: Page, base: string, spec: Pick<BenchPage, "path">): Promise<string | null> {
  if (!spec.path.startsWith("follow")) return spec.path;
  const [, from, selector] = spec.path.startsWith("follow-from:")
    ? spec.path.match(/^follow-from:([^:]+):(.*)$/)!
    : [null, null, spec.path.slice("follow:".length)];
  const link = page.locator(selector!).first();
  // A fresh database has no decision until the worker's first cycle, and on a live fleet a job in a
  // given state (one holding a reservation, say) comes and goes: look again for up to a minute,
  // reloading, since server-rendered lists do not refresh themselves.
  for (let attempt = 0; attempt < 6; attempt++) {
    if (from) await page.goto(`${base}${from}`);
    await link.waitFor({ state: "attached", timeout: 10_000 }).catch(() => {});
    if ((await link.count()) > 0) return link.getAttribute("href");
    if (!from) await page.reload();
  }
  return null;
}

async function measure(context: BrowserContext, page: Page, url: string, content: string, open?: string) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
  await page.goto(url, { waitUntil: "load" });
  if (open) await page.locator(open).first().click();
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

/**
 * The single-procedure URL of a table's poll: the page's own request when it polls within 6 s
 * (taken out of its batch, so other queries sharing the batch do not count), else one built from
 * the spec's input.
 */
async function pollUrl(page: Page, base: string, path: string, spec: BenchPoll): Promise<{ url: string; replayed: boolean }> {
  const seen: string[] = [];
  const onRequest = (request: { url(): string }) => {
    const u = new URL(request.url());
    if (u.pathname.startsWith("/api/trpc/") && u.pathname.slice("/api/trpc/".length).split(",").includes(spec.procedure)) seen.push(request.url());
  };
  page.on("request", onRequest);
  try {
    await page.goto(`${base}${path}`, { waitUntil: "load" });
    const until = Date.now() + 6_000;
    while (seen.length === 0 && Date.now() < until) await page.waitForTimeout(200);
  } finally {
    page.off("request", onRequest);
  }
  const single = (input: unknown) => `${base}/api/trpc/${spec.procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`;
  const last = seen.at(-1);
  if (!last) return { url: single({ json: spec.input }), replayed: false };
  const u = new URL(last);
  const index = u.pathname.slice("/api/trpc/".length).split(",").indexOf(spec.procedure);
  const inputs = JSON.parse(u.searchParams.get("input") ?? "{}") as Record<string, unknown>;
  return { url: single(inputs[String(index)] ?? { json: null }), replayed: true };
}

/** Times `polls` sequential requests of one live table's poll, as its open page sends one every 2 s. */
async function measurePoll(page: Page, base: string, spec: BenchPoll, polls: number): Promise<PollResult | null> {
  const path = await resolvePath(page, base, { path: spec.page });
  if (!path) return null;
  const { url, replayed } = await pollUrl(page, base, path, spec);
  await page.goto("about:blank"); // the page's own polls would queue beside the timed ones
  const ms: number[] = [];
  for (let i = 0; i <= polls; i++) {
    const started = performance.now();
    const response = await page.request.get(url);
    const elapsed = performance.now() - started;
    if (!response.ok()) throw new Error(`${spec.procedure} answered ${response.status()}: ${(await response.text()).slice(0, 300)}`);
    await response.body();
    if (i > 0) ms.push(elapsed); // the first warms the code path
  }
  return { table: spec.name, procedure: spec.procedure, replayed, ms };
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
    const compared: PageResult[] = [];
    const polls: PollResult[] = [];
    const loadBefore = loadavg();
    const matches = (name: string) => !args.only || name.includes(args.only);
    try {
      for (const role of ["operator", "tenant", "admin"] as const) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        await signIn(page, base, role);
        if (role === "operator" && matches("/operator/experiments/[id]"))
          process.stderr.write(`experiment to open: ${await ensureExperiment(page, base)} (before any page is timed)\n`);
        // The second server, signed in on its own (a path found on the first is valid on both: one database).
        const other = args.compare ? await browser.newContext({ viewport: { width: 1280, height: 800 } }) : null;
        const otherPage = other ? await other.newPage() : null;
        if (otherPage) await signIn(otherPage, args.compare!, role);
        for (const spec of BENCH_PAGES.filter((p) => p.role === role && matches(p.name))) {
          const path = await resolvePath(page, base, spec);
          if (!path) {
            process.stderr.write(`${spec.name}: no link to follow (nothing to show yet), not measured\n`);
            continue;
          }
          const sides = [{ context, page, url: `${base}${path}`, result: { page: spec.name, role, loadMs: [], contentMs: [], bytes: [] } as PageResult }];
          if (other && otherPage)
            sides.push({
              context: other,
              page: otherPage,
              url: `${args.compare}${path}`,
              result: { ...sides[0]!.result, loadMs: [], contentMs: [], bytes: [] },
            });
          // warm the servers' code paths once
          for (const side of sides) await measure(side.context, side.page, side.url, spec.content, spec.open);
          for (let run = 0; run < args.runs; run++) {
            // Alternate which server goes first, so neither always follows the other's load.
            for (const side of run % 2 === 0 ? sides : [...sides].reverse()) {
              const m = await measure(side.context, side.page, side.url, spec.content, spec.open);
              side.result.loadMs.push(m.loadMs);
              side.result.contentMs.push(m.contentMs);
              side.result.bytes.push(m.bytes);
            }
          }
          process.stderr.write(`${spec.name} (${role}): done\n`);
          results.push(sides[0]!.result);
          if (sides[1]) compared.push(sides[1].result);
        }
        await other?.close();
        if (args.polls > 0) {
          for (const spec of BENCH_POLLS.filter((p) => p.role === role && matches(p.name))) {
            const result = await measurePoll(page, base, spec, args.polls);
            if (result) polls.push(result);
            else process.stderr.write(`${spec.name}: no page to poll from, not measured\n`);
          }
        }
        await context.close();
      }
    } finally {
      await browser.close();
    }
    const loadAfter = loadavg();
    const load = `load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")} before, ${loadAfter.map((l) => l.toFixed(2)).join(" ")} after, ${cpus().length} cores`;
    process.stdout.write(`${args.compare ? `${base}\n` : ""}${formatTable(results)}\n`);
    if (args.compare) process.stdout.write(`\n${args.compare}, each run right after or before the same run above\n${formatTable(compared)}\n`);
    process.stdout.write(`${args.runs} runs per page after one warm-up, browser cache cleared before each; times from navigation start; ${base}; ${load}\n`);
    if (polls.length > 0) {
      process.stdout.write(`\n${formatPolls(polls)}\n`);
      process.stdout.write(
        `${args.polls} sequential polls per table after one warm-up; * = the page does not poll it, the procedure is called as a poll would\n`,
      );
    }
    if (args.json) {
      const json = {
        base,
        runs: args.runs,
        loadAverage: { before: loadBefore, after: loadAfter, cores: cpus().length },
        pages: results.map(summarize),
        ...(args.compare ? { compare: { base: args.compare, pages: compared.map(summarize) } } : {}),
        polls: polls.map((p) => ({
          table: p.table,
          procedure: p.procedure,
          replayed: p.replayed,
          polls: p.ms.length,
          p50Ms: Math.round(percentileOf(p.ms, 50)),
          p95Ms: Math.round(percentileOf(p.ms, 95)),
        })),
      };
      process.stdout.write(`${JSON.stringify(json)}\n`);
    }
  } finally {
    stop();
  }
}

main().catch((error) => {
  process.stderr.write(`bench:pages: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
