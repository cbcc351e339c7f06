// Kubeconfigs that cannot run code or read files, and secrets sealed at rest, on a real PostgreSQL.
// A local stand-in HTTP server plays both the Kubernetes API (GET /api/v1/nodes) and the Electricity
// Maps API, recording the credentials each request carries: none of those services can run here.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pollDueFeeds } from "../../server/carbon-feeds/feed-scheduler";
import type { FetchDeps } from "../../server/carbon-feeds/http-fetch";
import { createRng } from "../../server/engine";
import { encryptPlaintextSecrets } from "../../server/secrets/encrypt-plaintext-secrets";
import { sealSecret } from "../../server/secrets/secret-box";
import { configuredSecretKey, openStoredSecret, SECRET_PURPOSES } from "../../server/secrets/stored-secrets";
import { createDriverSet } from "../../server/services/cluster-drivers";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { fieldErrorsOf } from "./helpers/field-errors";
import { localKubeconfig } from "./helpers/kubeconfig";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const T = SEED_NOW.getTime() + 60_000;
const CLUSTER_TOKEN = "cluster-bearer-7f3a9c";
const FEED_TOKEN = "feed-token-51d2e8";

const NODES = {
  apiVersion: "v1",
  kind: "NodeList",
  metadata: {},
  items: [
    {
      metadata: { name: "gpu-k1", labels: { "nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3" } },
      status: { capacity: { cpu: "64", memory: "256Gi", "nvidia.com/gpu": "8" }, conditions: [{ type: "Ready", status: "True" }] },
    },
  ],
};

/** A kubeconfig for the stand-in with the given user entry (YAML lines indented for `user:`). */
const kubeconfigFor = (port: number, user = `    token: ${CLUSTER_TOKEN}\n`) => localKubeconfig(port, { user });

const clusterForm = (kubeconfig: string) => ({
  name: "k8s-sec-1",
  region: "na-east",
  locationName: "Montréal",
  latitude: 45.5,
  longitude: -73.57,
  gridZoneId: "CA-ON",
  tier: "EDGE" as const,
  pue: 1.2,
  status: "ACTIVE" as const,
  driver: "KUBERNETES" as const,
  kubeconfig,
  namespacePrefix: "verdant-",
});

describe("kubeconfig policy and secrets at rest", () => {
  const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
  const standIn = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    seen.push({ path: url.pathname, headers: req.headers });
    const send = (body: unknown) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const at = new Date(Math.floor(T / 3_600_000) * 3_600_000).toISOString();
    if (url.pathname === "/api/v1/nodes") return send(NODES);
    if (url.pathname === "/v3/carbon-intensity/latest")
      return send({ zone: "CA-ON", carbonIntensity: 41, datetime: at, updatedAt: at, emissionFactorType: "lifecycle" });
    if (url.pathname === "/v3/carbon-intensity/forecast") return send({ zone: "CA-ON", updatedAt: at, forecast: [] });
    res.writeHead(404).end();
  });
  let port = 0;
  let baseUrl = "";
  let scratch = "";
  let test: TestDatabase;
  const deps: FetchDeps = { fetch: globalThis.fetch, sleep: async () => {}, rng: createRng(3), now: () => T };
  const retry = { maxAttempts: 1, timeoutMs: 2000 };
  const driverSet = () => createDriverSet(test.db, { simSpeed: 60, seed: 1, wallNow: () => T });
  const rawKubeconfig = async (clusterId: string) =>
    (await test.db.$queryRaw<{ kubeconfig: string | null }[]>`SELECT kubeconfig FROM "ClusterConnection" WHERE "clusterId" = ${clusterId}`)[0]?.kubeconfig ??
    null;
  const rawToken = async (feedId: string) =>
    (await test.db.$queryRaw<{ apiToken: string | null }[]>`SELECT "apiToken" FROM "CarbonFeed" WHERE id = ${feedId}`)[0]?.apiToken ?? null;
  /** Stores a connection row directly, as rows written before these checks existed were. */
  const storeConnection = (clusterId: string, kubeconfig: string) =>
    test.db.clusterConnection.upsert({
      where: { clusterId },
      create: { clusterId, driver: "KUBERNETES", kubeconfig, updatedAt: new Date(T) },
      update: { driver: "KUBERNETES", kubeconfig },
    });
  /** Loads the drivers and, as the runner would, talks to every Kubernetes cluster that got one. */
  async function loadAndUse() {
    const set = driverSet();
    await set.refresh([]);
    const kubernetes = set.all().filter((e) => e.driver.kind === "kubernetes");
    for (const entry of kubernetes) await entry.driver.listInventory().catch(() => {});
    return { set, kubernetes };
  }

  beforeAll(async () => {
    await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
    port = (standIn.address() as AddressInfo).port;
    baseUrl = `http://127.0.0.1:${port}`;
    scratch = mkdtempSync(join(tmpdir(), "verdant-sec-"));
  });
  afterAll(async () => {
    standIn.closeAllConnections();
    await new Promise<void>((resolve) => standIn.close(() => resolve()));
    rmSync(scratch, { recursive: true, force: true });
  });
  beforeEach(async () => {
    seen.length = 0;
    test = await createSeededDatabase();
    // The stand-in listens on 127.0.0.1: let feeds reach private addresses in this database.
    await test.db.systemSetting.upsert({
      where: { id: "global" },
      create: { id: "global", allowPrivateFeedUrls: true },
      update: { allowPrivateFeedUrls: true },
    });
  });
  afterEach(() => test.drop());

  it("refuses commands and file paths in the admin form, naming the field, and stores nothing", async () => {
    const admin = await callerAs(test.db, demoUserIds.admin, new Date(T));
    const clustersBefore = await test.db.cluster.count();
    const cases: [string, string, string][] = [
      [
        "exec",
        "    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: /bin/sh\n      args: [-c, id]\n",
        "users[0].user.exec is not allowed",
      ],
      [
        "auth-provider",
        "    auth-provider:\n      name: gcp\n      config: { cmd-path: /bin/sh, cmd-args: -c id }\n",
        "users[0].user.auth-provider is not allowed",
      ],
      ["tokenFile", "    tokenFile: /etc/shadow\n", "users[0].user.tokenFile is not allowed"],
      ["token-file", "    token-file: /etc/shadow\n", "users[0].user.token-file is not allowed"],
      ["client-certificate", "    client-certificate: /root/.kube/client.crt\n    client-key-data: a2V5\n", "users[0].user.client-certificate is not allowed"],
    ];
    for (const [, user, message] of cases) {
      const errors = await fieldErrorsOf(() => admin.clusterAdmin.create(clusterForm(kubeconfigFor(port, user))));
      expect(Object.keys(errors)).toEqual(["kubeconfig"]);
      expect(errors.kubeconfig).toContain(message);
    }
    const caPath = kubeconfigFor(port).replace("    insecure-skip-tls-verify: true\n", "    certificate-authority: /etc/kubernetes/pki/ca.crt\n");
    expect((await fieldErrorsOf(() => admin.clusterAdmin.create(clusterForm(caPath)))).kubeconfig).toContain(
      "clusters[0].cluster.certificate-authority is not allowed",
    );
    expect(await test.db.cluster.count()).toBe(clustersBefore);
    // Nothing reached the stand-in: validating a kubeconfig makes no request and reads no file.
    expect(seen).toHaveLength(0);
  });

  it("refuses a stored kubeconfig with exec when the drivers load: the command never runs, the connection says why", async () => {
    const marker = join(scratch, `exec-ran-${randomBytes(4).toString("hex")}`);
    const execUser = `    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: /bin/sh\n      args: ["-c", "touch ${marker}"]\n      interactiveMode: Never\n`;
    const [target, other] = await test.db.cluster.findMany({ orderBy: { id: "asc" }, take: 2, select: { id: true, name: true } });
    await storeConnection(target!.id, kubeconfigFor(port, execUser));

    const { set, kubernetes } = await loadAndUse();
    expect(kubernetes).toHaveLength(0);
    expect(existsSync(marker)).toBe(false);
    expect(() => set.get(target!.id)).toThrow(/no driver/);
    // The other clusters still get their (simulated) drivers.
    expect(set.get(other!.id).driver.kind).toBe("simulated");
    const connection = await test.db.clusterConnection.findUniqueOrThrow({ where: { clusterId: target!.id } });
    expect(connection.lastError).toContain(`cluster ${target!.name}: kubeconfig refused: users[0].user.exec is not allowed`);
    expect(connection.unreachableReason).toBe(connection.lastError);
    expect(connection.unreachableSince?.getTime()).toBe(T);
    expect(seen).toHaveLength(0);
  });

  it("refuses a stored kubeconfig whose token comes from a file: the file is never sent", async () => {
    const secretFile = join(scratch, "host-secret");
    writeFileSync(secretFile, "content-of-a-host-file");
    const [target] = await test.db.cluster.findMany({ orderBy: { id: "asc" }, take: 1, select: { id: true } });
    await storeConnection(target!.id, kubeconfigFor(port, `    token-file: ${secretFile}\n`));

    const { kubernetes } = await loadAndUse();
    expect(kubernetes).toHaveLength(0);
    expect(JSON.stringify(seen)).not.toContain("content-of-a-host-file");
    expect((await test.db.clusterConnection.findUniqueOrThrow({ where: { clusterId: target!.id } })).lastError).toMatch(
      /users\[0\]\.user\.token-file is not allowed/,
    );
  });

  it("stores the kubeconfig and the feed token sealed, and the driver and the feed poller still use them", async () => {
    const admin = await callerAs(test.db, demoUserIds.admin, new Date(T));
    const cluster = await admin.clusterAdmin.create(clusterForm(kubeconfigFor(port)));
    const feed = await admin.carbonAdmin.saveFeed({
      id: null,
      zoneId: "CA-ON",
      provider: "ELECTRICITY_MAPS",
      baseUrl,
      apiToken: FEED_TOKEN,
      externalZone: "",
      pollIntervalS: 300,
      enabled: true,
    });

    const storedKubeconfig = await rawKubeconfig(cluster.id);
    const storedToken = await rawToken(feed.id);
    for (const stored of [storedKubeconfig, storedToken]) expect(stored).toMatch(/^enc:v1:[0-9a-f]{12}:/);
    expect(storedKubeconfig).not.toContain(CLUSTER_TOKEN);
    expect(storedKubeconfig).not.toContain(String(port));
    expect(storedToken).not.toContain(FEED_TOKEN);

    const set = driverSet();
    await set.refresh([]);
    expect((await set.get(cluster.id).driver.listInventory()).map((n) => n.name)).toEqual(["gpu-k1"]);
    expect(seen.find((r) => r.path === "/api/v1/nodes")?.headers.authorization).toBe(`Bearer ${CLUSTER_TOKEN}`);

    expect(await pollDueFeeds(test.db, new Date(T), deps, retry)).toMatchObject({ polled: 1, failed: 0 });
    expect(seen.filter((r) => r.path.startsWith("/v3/")).map((r) => r.headers["auth-token"])).toEqual([FEED_TOKEN, FEED_TOKEN]);
  });

  it("reads plaintext rows from before, and the start-up step seals them in place", async () => {
    const [target] = await test.db.cluster.findMany({ orderBy: { id: "asc" }, take: 1, select: { id: true } });
    const plainKubeconfig = kubeconfigFor(port);
    await storeConnection(target!.id, plainKubeconfig);
    await test.db.carbonFeed.create({
      data: { id: "feed-plain", zoneId: "CA-ON", provider: "ELECTRICITY_MAPS", signalType: "AVERAGE", baseUrl, apiToken: FEED_TOKEN, pollIntervalS: 300 },
    });
    const updatedBefore = (await test.db.clusterConnection.findUniqueOrThrow({ where: { clusterId: target!.id } })).updatedAt;

    // Plaintext still works before the upgrade.
    const { kubernetes } = await loadAndUse();
    expect(kubernetes.map((e) => e.clusterId)).toEqual([target!.id]);
    expect(await pollDueFeeds(test.db, new Date(T), deps, retry)).toMatchObject({ polled: 1, failed: 0 });

    const key = configuredSecretKey()!;
    expect(await encryptPlaintextSecrets(test.db, key)).toEqual({ kubeconfigs: 1, feedTokens: 1 });
    const sealedKubeconfig = (await rawKubeconfig(target!.id))!;
    const sealedToken = (await rawToken("feed-plain"))!;
    expect(sealedKubeconfig).toMatch(/^enc:v1:/);
    expect(sealedKubeconfig).not.toContain(CLUSTER_TOKEN);
    expect(sealedToken).toMatch(/^enc:v1:/);
    expect(openStoredSecret(SECRET_PURPOSES.kubeconfig, sealedKubeconfig, "test")).toBe(plainKubeconfig);
    expect(openStoredSecret(SECRET_PURPOSES.feedToken, sealedToken, "test")).toBe(FEED_TOKEN);
    expect((await test.db.clusterConnection.findUniqueOrThrow({ where: { clusterId: target!.id } })).updatedAt).toEqual(updatedBefore);
    // A second start finds nothing left to seal.
    expect(await encryptPlaintextSecrets(test.db, key)).toEqual({ kubeconfigs: 0, feedTokens: 0 });

    // The upgraded rows keep working.
    seen.length = 0;
    const after = await loadAndUse();
    expect(after.kubernetes.map((e) => e.clusterId)).toEqual([target!.id]);
    expect(seen.find((r) => r.path === "/api/v1/nodes")?.headers.authorization).toBe(`Bearer ${CLUSTER_TOKEN}`);
    expect(await pollDueFeeds(test.db, new Date(T + 600_000), deps, retry)).toMatchObject({ polled: 1, failed: 0 });
  });

  it("records a wrong key against the cluster and the feed it concerns, and goes on with the others", async () => {
    const otherKey = randomBytes(32);
    const [target, other] = await test.db.cluster.findMany({ orderBy: { id: "asc" }, take: 2, select: { id: true, name: true } });
    await storeConnection(target!.id, sealSecret(kubeconfigFor(port), otherKey, SECRET_PURPOSES.kubeconfig));
    await test.db.carbonFeed.create({
      data: {
        id: "feed-other-key",
        zoneId: "CA-ON",
        provider: "ELECTRICITY_MAPS",
        signalType: "AVERAGE",
        baseUrl,
        apiToken: sealSecret(FEED_TOKEN, otherKey, SECRET_PURPOSES.feedToken),
        pollIntervalS: 300,
      },
    });

    const { set, kubernetes } = await loadAndUse();
    expect(kubernetes).toHaveLength(0);
    expect(set.get(other!.id).driver.kind).toBe("simulated");
    const connection = await test.db.clusterConnection.findUniqueOrThrow({ where: { clusterId: target!.id } });
    expect(connection.lastError).toMatch(new RegExp(`^cluster ${target!.name}: the stored kubeconfig cannot be decrypted: .*wrong key`));
    expect(connection.unreachableReason).toBe(connection.lastError);

    const report = await pollDueFeeds(test.db, new Date(T), deps, retry);
    expect(report).toMatchObject({ polled: 0, failed: 1 });
    expect(report.errors[0]!.error).toMatch(/^feed feed-other-key \(ELECTRICITY_MAPS for CA-ON\): the stored API token cannot be decrypted: .*wrong key/);
    expect((await test.db.carbonFeed.findUniqueOrThrow({ where: { id: "feed-other-key" } })).lastError).toBe(report.errors[0]!.error);
    expect(seen).toHaveLength(0);
  });
});
