/** The fixed "now" of the seeded test template, so every run sees the same demo. */
export const SEED_NOW = new Date("2026-03-15T12:34:56Z");
export const TEMPLATE_DB = "verdant_test_template";
