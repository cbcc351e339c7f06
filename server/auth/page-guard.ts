/** Page-level guards for server components: unauthenticated users go to sign-in, others home. */
import "server-only";
import { redirect } from "next/navigation";
import { currentUser } from "../api/server-caller";
import { homePathFor, type Role, type SessionUser } from "./session-user";

/** The signed-in user if their role is allowed; redirects otherwise. Data access is still checked per procedure. */
export async function requireRole(...roles: Role[]): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  if (!roles.includes(user.role)) redirect(homePathFor(user.role));
  return user;
}
