// A tiny OpenAI-compatible chat-completions server (POST /v1/chat/completions, JSON, no streaming) that
// answers from a script, so "Ask Verdant" is tested end to end without a model: each request is
// recorded and answered by the next scripted reply (text, a tool call, or a reply that never comes in time).
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One chat message as the client sent it. */
export interface SentMessage {
  role: string;
  content: string | null | { type: string; text?: string }[];
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

/** One recorded request. */
export interface SentRequest {
  model: string;
  messages: SentMessage[];
  tools?: { function: { name: string } }[];
  authorization: string | undefined;
}

/** A scripted reply: answer text (after an optional delay), a tool call, or an HTTP error. */
export type ScriptedReply =
  | { text: string | ((request: SentRequest) => string); delayMs?: number }
  | { toolCall: { name: string; arguments: Record<string, unknown> } }
  | { status: number; error: string };

/** A running fake server. */
export interface FakeChatServer {
  baseUrl: string;
  requests: SentRequest[];
  /** Replies for the next requests, in order (an empty script answers 500). */
  script: (replies: ScriptedReply[]) => void;
  close: () => Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function completion(model: string, message: Record<string, unknown>, finishReason: string) {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: finishReason }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

/** Starts the server on a free port of 127.0.0.1. */
export async function startFakeChatServer(): Promise<FakeChatServer> {
  const requests: SentRequest[] = [];
  let replies: ScriptedReply[] = [];
  let calls = 0;
  const server: Server = createServer(async (req, res) => {
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await bodyOf(req)) as Omit<SentRequest, "authorization">;
    const request: SentRequest = { ...body, authorization: req.headers.authorization };
    requests.push(request);
    const reply = replies.shift();
    const send = (status: number, payload: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
    };
    if (!reply) return send(500, { error: { message: "no scripted reply left" } });
    if ("status" in reply) return send(reply.status, { error: { message: reply.error, type: "invalid_request_error" } });
    if ("toolCall" in reply) {
      calls++;
      const toolCalls = [
        { id: `call_${calls}`, type: "function", function: { name: reply.toolCall.name, arguments: JSON.stringify(reply.toolCall.arguments) } },
      ];
      return send(200, completion(body.model, { role: "assistant", content: null, tool_calls: toolCalls }, "tool_calls"));
    }
    const text = typeof reply.text === "function" ? reply.text(request) : reply.text;
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    send(200, completion(body.model, { role: "assistant", content: text }, "stop"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (next) => {
      replies = [...next];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A message's text, whether sent as a string or as parts. */
export function textOf(content: SentMessage["content"]): string {
  if (typeof content === "string") return content;
  return (content ?? []).map((p) => p.text ?? "").join("");
}

/** The parts of a decision's record the tests read. */
export interface SentRecord {
  chosen: { cluster: string; start: string; emissionsGCo2e: number }[];
  jobPage?: { name: string; tenant: string };
}

/** The record (JSON) the client sent in its first user message. */
export function recordOf(request: SentRequest): SentRecord {
  const first = textOf(request.messages.find((m) => m.role === "user")?.content ?? "");
  const json = first.slice(first.indexOf("\n") + 1, first.lastIndexOf("\n\nQuestion:"));
  return JSON.parse(json) as SentRecord;
}
