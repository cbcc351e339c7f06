import { describe, expect, it } from "vitest";
import { KubeconfigPolicyError, parseKubeconfig } from "./kubeconfig-policy";

/** A kubeconfig with the given user and cluster entries (YAML lines, indented for their place). */
const kubeconfig = (user: string, cluster = "    server: https://10.0.0.1:6443/\n") => `apiVersion: v1
kind: Config
clusters:
- name: prod
  cluster:
${cluster}users:
- name: verdant
  user:
${user}contexts:
- name: prod
  context: { cluster: prod, user: verdant, namespace: batch }
current-context: prod
`;

function issuesOf(text: string): string[] {
  try {
    parseKubeconfig(text);
  } catch (error) {
    expect(error).toBeInstanceOf(KubeconfigPolicyError);
    return (error as KubeconfigPolicyError).issues;
  }
  throw new Error("expected the kubeconfig to be refused");
}

describe("kubeconfig policy", () => {
  it("accepts inline credentials and CA, as data for loadFromOptions", () => {
    const config = parseKubeconfig(
      kubeconfig(
        "    client-certificate-data: Y2VydA==\n    client-key-data: a2V5\n    token: abc\n",
        "    server: https://10.0.0.1:6443/\n    certificate-authority-data: Y2E=\n    tls-server-name: api.prod\n",
      ),
    );
    expect(config).toEqual({
      clusters: [{ name: "prod", server: "https://10.0.0.1:6443", caData: "Y2E=", skipTLSVerify: false, tlsServerName: "api.prod" }],
      users: [{ name: "verdant", token: "abc", certData: "Y2VydA==", keyData: "a2V5", username: undefined, password: undefined }],
      contexts: [{ name: "prod", cluster: "prod", user: "verdant", namespace: "batch" }],
      currentContext: "prod",
    });
    expect(
      parseKubeconfig(kubeconfig("    username: ops\n    password: pw\n", "    server: http://127.0.0.1:8080\n    insecure-skip-tls-verify: true\n"))
        .clusters[0]!.skipTLSVerify,
    ).toBe(true);
  });

  it.each([
    [
      "exec",
      "    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: /bin/sh\n      args: [-c, id]\n",
      "users[0].user.exec is not allowed: Verdant runs no commands",
    ],
    ["auth-provider", "    auth-provider:\n      name: gcp\n      config: { cmd-path: /bin/sh }\n", "users[0].user.auth-provider is not allowed"],
    ["token-file", "    token-file: /etc/shadow\n", "users[0].user.token-file is not allowed: Verdant reads no files"],
    ["tokenFile", "    tokenFile: /etc/shadow\n", "users[0].user.tokenFile is not allowed: Verdant reads no files"],
    ["client-certificate", "    client-certificate: /root/.ssh/id_rsa\n", "users[0].user.client-certificate is not allowed: Verdant reads no files"],
    ["client-key", "    client-key: /root/.ssh/id_rsa\n", "users[0].user.client-key is not allowed: Verdant reads no files"],
    ["an unknown user field", "    token: abc\n    as: system:admin\n", "users[0].user.as is not allowed: not a field Verdant supports"],
    ["an empty exec", "    exec:\n", "users[0].user.exec is not allowed"],
  ])("refuses %s, naming the field", (_, user, message) => {
    const issues = issuesOf(kubeconfig(user));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toContain(message);
  });

  it("refuses a CA file path and an unknown cluster field", () => {
    expect(
      issuesOf(kubeconfig("    token: abc\n", "    server: https://x\n    certificate-authority: /etc/ssl/ca.pem\n    proxy-url: socks5://evil\n")),
    ).toEqual([
      expect.stringContaining("clusters[0].cluster.certificate-authority is not allowed: Verdant reads no files"),
      expect.stringContaining("clusters[0].cluster.proxy-url is not allowed"),
    ]);
  });

  it("names every refused field of every entry, and bad shapes", () => {
    const text = kubeconfig("    exec: { command: id }\n").replace("contexts:", "- name: second\n  user:\n    token-file: /x\ncontexts:");
    expect(issuesOf(text)).toEqual([expect.stringMatching(/^users\[0\]\.user\.exec /), expect.stringMatching(/^users\[1\]\.user\.token-file /)]);
    expect(issuesOf(kubeconfig("    token: [1]\n", "    server: ftp://x\n"))).toEqual([
      "clusters[0].cluster.server must be an http:// or https:// URL",
      "users[0].user.token must be text",
    ]);
    expect(issuesOf("just text")).toEqual(["kubeconfig must be a YAML mapping with clusters, users and contexts"]);
  });

  it("reports unreadable YAML", () => {
    expect(() => parseKubeconfig("clusters: [")).toThrow(/kubeconfig could not be read/);
    expect(() => parseKubeconfig("a: 1\na: 2\n")).toThrow(/kubeconfig could not be read \(duplicated mapping key\)/);
  });
});
