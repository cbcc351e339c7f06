import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { TRPCReactProvider } from "@/components/trpc/react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Verdant", template: "%s · Verdant" },
  description: "Carbon-aware control plane for multi-region GPU clusters",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request, so Next.js can put that request's CSP nonce (proxy.ts) on its
  // scripts; a page prerendered at build time would carry scripts without it and be blocked.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <TRPCReactProvider>{children}</TRPCReactProvider>
      </body>
    </html>
  );
}
