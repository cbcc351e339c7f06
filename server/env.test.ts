import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.js";

describe("environment validation", () => {
  it("applies defaults when nothing is set", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, VERDANT_DATA_DIR: ".data", VERDANT_EMBEDDED_PG_PORT: 25432, SESSION_COOKIE_SECURE: "false" });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("treats an empty variable as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", PORT: "" }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    ["PORT", { PORT: "99999" }],
    ["PORT", { PORT: "http" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://x@y/z" }],
    ["SESSION_SECRET", { SESSION_SECRET: "short" }],
    ["NODE_ENV", { NODE_ENV: "staging" }],
  ])("names %s when it is invalid", (name, source) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid environment:\\n  ${name}: `));
  });

  it("names every bad variable at once", () => {
    expect(() => parseEnv({ PORT: "0", DATABASE_URL: "nope" })).toThrow(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/);
  });
});
