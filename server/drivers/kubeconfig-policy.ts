/**
 * What Verdant accepts in a kubeconfig. @kubernetes/client-node honours fields that run a command as
 * the worker's user (`users[].user.exec`, the `auth-provider` plugins, some of which run `cmd-path`)
 * and fields that read a file on the worker (`token-file` is even read while the text is parsed, and
 * its content is sent as the bearer token to whatever `server` says). A kubeconfig is typed into a
 * web form, so it must do neither: only inline credentials (token, client certificate and key data,
 * basic auth) and an inline CA are accepted, everything else in a cluster or user entry is refused
 * with the field named. The result is plain data for `KubeConfig.loadFromOptions`, so the client's
 * own parser (and its file reads) never sees the text.
 */
import type { Cluster, Context, User } from "@kubernetes/client-node";
import yaml from "js-yaml";
import { z } from "zod";

/** A kubeconfig refused by the policy or unreadable; `issues` name the fields. */
export class KubeconfigPolicyError extends Error {
  constructor(
    message: string,
    readonly issues: string[],
  ) {
    super(message);
    this.name = "KubeconfigPolicyError";
  }
}

/** A checked kubeconfig, in the shapes `KubeConfig.loadFromOptions` takes. */
export interface SafeKubeconfig {
  clusters: Cluster[];
  users: User[];
  contexts: Context[];
  currentContext: string;
}

const RUNS_COMMANDS =
  "Verdant runs no commands named in a kubeconfig (they would run on the scheduling worker); use a token or client-certificate-data/client-key-data";
const READS_FILES =
  "Verdant reads no files named in a kubeconfig (they would be read on the scheduling worker); paste the content inline instead (certificate-authority-data, client-certificate-data, client-key-data or token)";

/** A field that must be absent; any value (even null) is refused with `why`. */
const refused = (why: string) => z.never({ error: `is not allowed: ${why}` }).optional();

const base64 = z
  .string({ error: "must be base64 text" })
  .regex(/^[A-Za-z0-9+/=\s]+$/, "must be base64 text")
  .optional();
const text = z.string({ error: "must be text" }).min(1, "must not be empty").optional();

// Strict: a field client-node may honour that is not listed here is refused rather than passed on.
const clusterEntry = z.strictObject({
  server: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }),
  "certificate-authority-data": base64,
  "insecure-skip-tls-verify": z.boolean({ error: "must be true or false" }).optional(),
  "tls-server-name": text,
  "certificate-authority": refused(READS_FILES),
  // Informational data that kubectl and minikube write; never read by the client.
  extensions: z.unknown().optional(),
});

const userEntry = z.strictObject({
  token: text,
  "client-certificate-data": base64,
  "client-key-data": base64,
  username: text,
  password: text,
  exec: refused(RUNS_COMMANDS),
  "auth-provider": refused(`${RUNS_COMMANDS} (auth-provider plugins can run cmd-path and read tokenFile)`),
  "token-file": refused(READS_FILES),
  tokenFile: refused(READS_FILES),
  "client-certificate": refused(READS_FILES),
  "client-key": refused(READS_FILES),
  extensions: z.unknown().optional(),
});

const contextEntry = z.object({
  cluster: z.string({ error: "must name a cluster" }).min(1, "must name a cluster"),
  user: z.string({ error: "must name a user" }).optional(),
  namespace: z.string({ error: "must be text" }).optional(),
});

const entryName = z.string({ error: "must be text" }).min(1, "must not be empty");

const kubeconfigSchema = z.object(
  {
    clusters: z.array(z.object({ name: entryName, cluster: clusterEntry }), { error: "must be a list" }).min(1, "must list at least one cluster"),
    users: z.array(z.object({ name: entryName, user: userEntry.default({}) }), { error: "must be a list" }).default([]),
    contexts: z.array(z.object({ name: entryName, context: contextEntry }), { error: "must be a list" }).min(1, "must list at least one context"),
    "current-context": z.string({ error: "must name a context" }).min(1, "must name a context"),
  },
  { error: "must be a YAML mapping with clusters, users and contexts" },
);

/** `["users", 0, "user", "exec"]` -> `users[0].user.exec`. */
function fieldPath(path: PropertyKey[]): string {
  let out = "";
  for (const part of path) out += typeof part === "number" ? `[${part}]` : `${out ? "." : ""}${String(part)}`;
  return out || "kubeconfig";
}

function describeIssues(issues: z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => `${fieldPath([...issue.path, key])} is not allowed: not a field Verdant supports (only inline credentials and an inline CA)`)
      : [`${fieldPath(issue.path)} ${issue.message}`],
  );
}

/** Parses kubeconfig YAML and applies the policy; throws {@link KubeconfigPolicyError} naming every refused field. */
export function parseKubeconfig(source: string): SafeKubeconfig {
  let document: unknown;
  try {
    // The core schema: plain data only (no timestamps or binary tags a kubeconfig never needs).
    document = yaml.load(source, { schema: yaml.CORE_SCHEMA });
  } catch (error) {
    const reason = error instanceof yaml.YAMLException ? error.reason : (error as Error).message;
    throw new KubeconfigPolicyError(`kubeconfig could not be read (${reason})`, [reason]);
  }
  const parsed = kubeconfigSchema.safeParse(document);
  if (!parsed.success) {
    const issues = describeIssues(parsed.error.issues);
    throw new KubeconfigPolicyError(`kubeconfig refused: ${issues.join("; ")}`, issues);
  }
  const config = parsed.data;
  return {
    clusters: config.clusters.map(({ name, cluster: c }) => ({
      name,
      server: c.server.replace(/\/$/, ""),
      caData: c["certificate-authority-data"]?.replace(/\s/g, ""),
      skipTLSVerify: c["insecure-skip-tls-verify"] === true,
      tlsServerName: c["tls-server-name"],
    })),
    users: config.users.map(({ name, user: u }) => ({
      name,
      token: u.token,
      certData: u["client-certificate-data"]?.replace(/\s/g, ""),
      keyData: u["client-key-data"]?.replace(/\s/g, ""),
      username: u.username,
      password: u.password,
    })),
    contexts: config.contexts.map(({ name, context: c }) => ({ name, cluster: c.cluster, user: c.user ?? "", namespace: c.namespace })),
    currentContext: config["current-context"],
  };
}
