/**
 * Kubernetes' rule for node names (an RFC 1123 subdomain, as `IsDNS1123Subdomain` checks it):
 * lowercase letters, digits, '-' and '.', at most 253 characters, starting and ending with a letter
 * or digit. Imported nodes follow it so a name can never carry markup, emoji or a page of text, and
 * a simulated fleet can later be mirrored onto a real cluster unchanged.
 */

/** Longest node name Kubernetes accepts. */
export const NODE_NAME_MAX = 253;
const LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const SUBDOMAIN = new RegExp(`^${LABEL}(\\.${LABEL})*$`);

/** Null when `name` is a valid node name, else why not (for an import report naming line and column). */
export function nodeNameProblem(name: string): string | null {
  const shown = name.length > 40 ? `${name.slice(0, 40)}…` : name;
  if (name.length > NODE_NAME_MAX) return `node name is ${name.length.toLocaleString("en-US")} characters long; at most ${NODE_NAME_MAX} are allowed`;
  if (SUBDOMAIN.test(name)) return null;
  return `"${shown}" is not a valid node name: use lowercase letters, digits, '-' and '.', starting and ending with a letter or digit (Kubernetes' RFC 1123 rule)`;
}
