/**
 * A kubeconfig for a stand-in Kubernetes API the test started on 127.0.0.1: one cluster, one user
 * whose entry is `user` (YAML lines indented for `user:`; a bearer token by default), one context.
 */
export function localKubeconfig(port: number, options: { cluster?: string; user?: string } = {}): string {
  const cluster = options.cluster ?? "stand-in";
  const user = options.user ?? "    token: test-token\n";
  return `apiVersion: v1
kind: Config
clusters:
- name: ${cluster}
  cluster:
    server: http://127.0.0.1:${port}
    insecure-skip-tls-verify: true
users:
- name: verdant
  user:
${user}contexts:
- name: ${cluster}
  context: { cluster: ${cluster}, user: verdant }
current-context: ${cluster}
`;
}
