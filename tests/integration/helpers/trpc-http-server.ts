// A real HTTP server on a free local port that answers /api/trpc with the same handler as the app
// (trpcHttpResponse), over a test database: what the command line talks to in tests.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { trpcHttpResponse, type TrpcHttpDeps } from "../../../server/api/trpc-http";

/** A running server: its base URL and how to stop it. */
export interface TestHttpServer {
  url: string;
  close: () => Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts the server on 127.0.0.1 and an ephemeral port. */
export async function startTrpcHttpServer(deps: TrpcHttpDeps): Promise<TestHttpServer> {
  const server = createServer((req, res) => {
    void (async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const body = req.method === "GET" || req.method === "HEAD" ? undefined : await bodyOf(req);
      const response = await trpcHttpResponse(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body }), deps);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
