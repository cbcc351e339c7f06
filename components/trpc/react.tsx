"use client";
// The browser's tRPC client: TanStack React Query hooks over HTTP batching, superjson for dates.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import superjson from "superjson";
import { z } from "zod";
import type { AppRouter } from "@/server/api/root";

// Zod probes whether it may compile parsers with `new Function`; the pages' CSP forbids eval, and
// the browser reports the refused probe as a violation even though zod copes. Skip the probe.
z.config({ jitless: true });

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/** Calls per batched request: the server refuses batches above this (MAX_BATCH_SIZE in server/api/trpc-http.ts). */
const MAX_BATCH_ITEMS = 20;

function makeQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: 1, refetchOnWindowFocus: false } } });
}

/**
 * Calls that may wait on a language model (narratives, Ask Verdant) travel alone: a batch answers
 * only when its slowest call is done, so batched with a page's data they would hold it up. So does
 * a call whose query options say `trpc: { context: { skipBatch: true } }` (a page's main content).
 */
const isModelBacked = (path: string) => path.startsWith("narrative.") || path.startsWith("ask.");
const travelsAlone = (op: { path: string; context: Record<string, unknown> }) => isModelBacked(op.path) || op.context.skipBatch === true;

/** Provides React Query and the typed tRPC hooks to client components. */
export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        splitLink({
          condition: (op) => !travelsAlone(op),
          true: httpBatchLink({ url: "/api/trpc", transformer: superjson, maxItems: MAX_BATCH_ITEMS }),
          false: httpLink({ url: "/api/trpc", transformer: superjson }),
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
