// @ts-check
// The one place that reads environment variables. Validated with zod; a bad value fails fast with a
// message naming the variable. Plain JavaScript so next.config.js can import it (a bad env fails
// the build as well as the start).
import { z } from "zod";

const port = z.coerce.number().int().min(1).max(65535);

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Any PostgreSQL server. When unset, `npm start` runs the embedded PostgreSQL and sets it. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// connection URL")
    .optional(),
  PORT: port.default(3000),
  /** Interface the web server listens on (all interfaces by default; 127.0.0.1 for local only). */
  HOST: z.string().min(1).default("0.0.0.0"),
  /** Seals session cookies. `npm start` generates one under VERDANT_DATA_DIR when unset. */
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Set to "true" behind HTTPS so session cookies are marked Secure. */
  SESSION_COOKIE_SECURE: z.enum(["true", "false"]).default("false"),
  /**
   * How many reverse proxies in front of the web server append the client's address to
   * X-Forwarded-For (0: none, clients reach Next.js directly). Sign-in limits per address use the
   * entry the outermost trusted proxy wrote, which a client cannot forge.
   */
  VERDANT_TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Extra origins (comma-separated, e.g. "https://verdant.example.com") whose pages may send
   * state-changing requests, for a proxy that rewrites the Host header. The request's own host is always allowed.
   */
  VERDANT_ALLOWED_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: "must be a comma-separated list of http(s) origins" })))
    .default([]),
  /** Where the embedded PostgreSQL data and generated secrets live. */
  VERDANT_DATA_DIR: z.string().min(1).default(".data"),
  /** Below Linux's ephemeral range (32768-60999), so a client socket can never hold it while PostgreSQL restarts. */
  VERDANT_EMBEDDED_PG_PORT: port.default(25432),
  /** Key that encrypts secrets at rest (kubeconfigs, feed tokens): 32 bytes as 64 hex characters or base64. `npm start` generates one under VERDANT_DATA_DIR when unset. */
  VERDANT_SECRET_KEY: z
    .string()
    .refine((value) => /^[0-9a-fA-F]{64}$/.test(value) || Buffer.from(value, "base64").length === 32, "must be 32 bytes as 64 hex characters or base64")
    .optional(),
  /** Bearer token that /api/metrics requires (Prometheus `authorization: { credentials: ... }`). */
  VERDANT_METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** "true" serves /api/metrics without a token (only when you mean it: it names tenants). */
  VERDANT_METRICS_PUBLIC: z.enum(["true", "false"]).default("false"),
  /** Lowest level written to the JSON logs of the web server and the background processes. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Run the scheduling worker beside the web server ("off" for a web-only instance). */
  VERDANT_WORKER: z.enum(["on", "off"]).default("on"),
  /** Milliseconds between scheduling cycles (a submission triggers one at once). */
  VERDANT_CYCLE_MS: z.coerce.number().int().min(200).max(600_000).default(3000),
  /** Milliseconds between two imports of a Kubernetes cluster's node list (inventory and drift); default 10 minutes. */
  VERDANT_INVENTORY_REFRESH_MS: z.coerce.number().int().min(10_000).max(86_400_000).default(600_000),
  /** Least milliseconds between two reads of a cluster's node health (0 = every cycle); default 15 s. */
  VERDANT_NODE_HEALTH_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** Least milliseconds between two reconciliation passes over a cluster's jobs (0 = every cycle); default 1 minute. */
  VERDANT_RECONCILE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Simulated seconds per real second for jobs on simulated clusters (60 = a 1 h job runs 1 min). */
  VERDANT_SIM_SPEED: z.coerce.number().min(1).max(1_000_000).default(60),
  /** Demo seeded into an empty database: "busy" (running jobs, contention, arrivals) or "quiet" (the full fleet idle, a small queue). */
  VERDANT_DEMO_WORKLOAD: z.enum(["busy", "quiet"]).default("busy"),
  /** Run the experiment runner (simulations started from the app) beside the web server; independent of VERDANT_WORKER. */
  VERDANT_EXPERIMENTS: z.enum(["on", "off"]).default("on"),
  /** Folder with the real public data sets (openb traces, carbon intensity, GPU power). */
  VERDANT_SHARED_DATA: z.string().min(1).default("../shared/data"),
  /** "Ask Verdant": base URL of an OpenAI-compatible chat-completions API (vLLM, llama.cpp server, Ollama, a hosted model), e.g. http://127.0.0.1:8000/v1. Unset: template text only. */
  VERDANT_ASK_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://127.0.0.1:8000/v1" }).optional(),
  /** "Ask Verdant": the model name the API serves. Unset: template text only. */
  VERDANT_ASK_MODEL: z.string().min(1).max(200).optional(),
  /** "Ask Verdant": the API key, sent only to that API (never to the browser, never logged). */
  VERDANT_ASK_API_KEY: z.string().min(1).optional(),
  /** "Ask Verdant": milliseconds a model may take for one answer (both attempts) before the template text is shown. */
  VERDANT_ASK_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(20_000),
  /** "Ask Verdant": the longest answer shown (characters); a longer one is cut at a sentence end. */
  VERDANT_ASK_MAX_ANSWER_CHARS: z.coerce.number().int().min(100).max(20_000).default(1_500),
  /** "Ask Verdant": questions each user may ask per hour. */
  VERDANT_ASK_RATE_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
});

/** @typedef {z.infer<typeof envSchema>} Env */

/**
 * Parses and validates an environment; throws one Error naming every bad variable.
 * @param {Record<string, string | undefined>} source
 * @returns {Env}
 */
export function parseEnv(source) {
  // An empty variable means "not set" (e.g. DATABASE_URL= to force the embedded database).
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** @type {Env | undefined} */
let cached;

/** The validated process environment (parsed once). */
export function env() {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * A variable the running server cannot do without; throws naming it.
 * @template {keyof Env} K
 * @param {K} name
 * @returns {NonNullable<Env[K]>}
 */
export function requireEnv(name) {
  const value = env()[name];
  if (value === undefined || value === null || value === "") {
    throw new Error(`Missing environment variable ${String(name)}: start the app with \`npm start\`, which sets it, or set it yourself.`);
  }
  return /** @type {NonNullable<Env[K]>} */ (value);
}
