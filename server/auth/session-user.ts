/** Who is calling: the signed-in user as the server sees it (loaded from the database per request). */
export type Role = "ADMIN" | "OPERATOR" | "TENANT_MEMBER";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Set exactly for tenant members. */
  tenantId: string | null;
  tenantName: string | null;
  /** IANA zone the UI shows times in; null (or absent) follows the browser. */
  timeZone?: string | null;
}

/** Where the tRPC layer keeps the signed-in user id and session version (a sealed cookie in the app; memory in tests). */
export interface SessionStore {
  /** Starts a session for the user at their current session version (a later bump ends it). */
  signIn(userId: string, sessionVersion: number): Promise<void>;
  signOut(): Promise<void>;
}

/** The page each role lands on after signing in. */
export function homePathFor(role: Role): string {
  if (role === "TENANT_MEMBER") return "/tenant/jobs";
  if (role === "ADMIN") return "/admin/clusters";
  return "/operator";
}
