import type { Metadata } from "next";
import type { ReactNode } from "react";
import { TRPCReactProvider } from "@/components/trpc/react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Verdant", template: "%s · Verdant" },
  description: "Carbon-aware control plane for multi-region GPU clusters",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <TRPCReactProvider>{children}</TRPCReactProvider>
      </body>
    </html>
  );
}
