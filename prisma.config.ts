// Prisma CLI configuration. Prisma's native engines cannot be downloaded on our machines, so the CLI
// uses its WebAssembly schema engine through a driver adapter (see ../shared/docs/TOOLCHAIN.md).
// The 7.x pg adapter is required here: the 6.19 one fails migrate commands (prisma issue 27403).
import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => new PrismaPg({ connectionString: process.env.DATABASE_URL ?? "" }),
});
