// What each procedure returns, as the client sees it (types only: nothing of the server is bundled).
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";

export type RouterOutputs = inferRouterOutputs<AppRouter>;
