// A local HTTP receiver for webhook tests: records every request (headers and raw body) and answers
// with the next scripted status (200 once the script runs out).
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as received. */
export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A started receiver. */
export interface WebhookReceiver {
  url: (path?: string) => string;
  requests: ReceivedRequest[];
  /** Statuses to answer with, in order, before 200s. */
  script: number[];
  close: () => Promise<void>;
}

/** Starts a receiver on 127.0.0.1 at a free port. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  const script: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests.push({ path: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.statusCode = script.shift() ?? 200;
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    requests,
    script,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
