/**
 * How the Kubernetes driver calls the API server: every call has a deadline (client-node 1.3 takes no
 * AbortSignal, so a hung API server would otherwise block the control loop) and every failure becomes
 * a DriverError naming the cluster, the call and the server's message.
 */
import { ApiException } from "@kubernetes/client-node";
import { DriverError } from "./types";

/** HTTP status of a client-node error, or null for network errors. */
export function statusOf(error: unknown): number | null {
  return error instanceof ApiException ? error.code : null;
}

/** The deadline and error wrapping of one cluster's API calls. */
export interface KubernetesApiCalls {
  /** Rejects when the API does not answer within the limit. The request itself cannot be aborted. */
  timed<T>(what: string, promise: Promise<T>): Promise<T>;
  /** Runs `fn`, turning a client-node failure into a DriverError naming the call. */
  call<T>(what: string, fn: () => Promise<T>): Promise<T>;
}

/** Deadline and error wrapping for the calls to cluster `cluster`, `timeoutMs` per call. */
export function createKubernetesApiCalls(cluster: string, timeoutMs: number): KubernetesApiCalls {
  function timed<T>(what: string, promise: Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DriverError("API", `cluster ${cluster}: ${what} timed out after ${timeoutMs} ms`, { call: what, timeoutMs })),
        timeoutMs,
      );
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }

  async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof DriverError) throw error;
      const status = statusOf(error);
      const body = error instanceof ApiException ? (error.body as { message?: string } | string | undefined) : undefined;
      const detail = typeof body === "object" && body?.message ? body.message : status === null ? (error as Error).message : `HTTP ${status}`;
      throw new DriverError("API", `cluster ${cluster}: ${what} failed: ${detail}`, { status, call: what });
    }
  }

  return { timed, call };
}
