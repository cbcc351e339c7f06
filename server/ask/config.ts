// Which model "Ask Verdant" talks to, read from the VERDANT_ASK_* variables on every call (validated
// by the same schema as the rest of the environment) so a test or an operator can change them
// without a restart of the process. Unset base URL or model = unconfigured: template text only.
import { envSchema } from "../env.js";

/** A configured model and the limits every answer keeps. The key never leaves the server. */
export interface AskConfig {
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
  timeoutMs: number;
  maxAnswerChars: number;
  ratePerHour: number;
}

const askEnvSchema = envSchema.pick({
  VERDANT_ASK_BASE_URL: true,
  VERDANT_ASK_MODEL: true,
  VERDANT_ASK_API_KEY: true,
  VERDANT_ASK_TIMEOUT_MS: true,
  VERDANT_ASK_MAX_ANSWER_CHARS: true,
  VERDANT_ASK_RATE_PER_HOUR: true,
});

/** The variables to set to enable "Ask Verdant", for notices in the UI and the README. */
export const ASK_ENABLE_HINT =
  "set VERDANT_ASK_BASE_URL (an OpenAI-compatible API, e.g. http://127.0.0.1:8000/v1) and VERDANT_ASK_MODEL (and VERDANT_ASK_API_KEY if it needs one)";

/** The limits, whether or not a model is configured (the rate limit applies either way). */
export function askLimits(source: Record<string, string | undefined> = process.env): Pick<AskConfig, "timeoutMs" | "maxAnswerChars" | "ratePerHour"> {
  const env = parseAskEnv(source);
  return { timeoutMs: env.VERDANT_ASK_TIMEOUT_MS, maxAnswerChars: env.VERDANT_ASK_MAX_ANSWER_CHARS, ratePerHour: env.VERDANT_ASK_RATE_PER_HOUR };
}

function parseAskEnv(source: Record<string, string | undefined>) {
  const present = Object.fromEntries(Object.entries(source).filter(([key, value]) => key.startsWith("VERDANT_ASK_") && value !== undefined && value !== ""));
  const result = askEnvSchema.safeParse(present);
  if (!result.success) {
    throw new Error(`Invalid environment:\n${result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n")}`);
  }
  return result.data;
}

/** The configured model, or null when base URL or model name is unset. */
export function askConfig(source: Record<string, string | undefined> = process.env): AskConfig | null {
  const env = parseAskEnv(source);
  if (!env.VERDANT_ASK_BASE_URL || !env.VERDANT_ASK_MODEL) return null;
  return {
    baseUrl: env.VERDANT_ASK_BASE_URL,
    model: env.VERDANT_ASK_MODEL,
    apiKey: env.VERDANT_ASK_API_KEY,
    timeoutMs: env.VERDANT_ASK_TIMEOUT_MS,
    maxAnswerChars: env.VERDANT_ASK_MAX_ANSWER_CHARS,
    ratePerHour: env.VERDANT_ASK_RATE_PER_HOUR,
  };
}

/** Whether a model is configured (base URL and model name set); without one every Ask feature shows template text. */
export function askConfigured(): boolean {
  return askConfig() !== null;
}
