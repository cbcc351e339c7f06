/**
 * The tRPC client the command line speaks through: the same endpoint, procedures and superjson
 * encoding as the web app, authenticated with an API token instead of the session cookie.
 */
import { createTRPCClient, httpLink } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter } from "../../server/api/root";
import { CliError, EXIT } from "./cli-io";

/** Where the server is and which token to send. */
export interface Connection {
  url: string;
  token: string;
}

export type VerdantClient = ReturnType<typeof createTRPCClient<AppRouter>>;

/** The server's base URL without a trailing slash; a clear error for anything that is not http(s). */
export function baseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CliError(`The server URL "${raw}" is not a URL; pass e.g. --url http://localhost:3000 or set VERDANT_URL.`, EXIT.usage);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new CliError(`The server URL must start with http:// or https:// (got "${raw}").`, EXIT.usage);
  return url.href.replace(/\/+$/, "");
}

/** A client for one connection. */
export function verdantClient(connection: Connection): VerdantClient {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${baseUrl(connection.url)}/api/trpc`,
        transformer: superjson,
        headers: () => ({ authorization: `Bearer ${connection.token}` }),
      }),
    ],
  });
}
