// Who reads an answer, from the signed-in role: it sets the prompt's register and which facts the
// grounding may include.
import type { SessionUser } from "../../auth/session-user";
import type { AskAudience } from "../contract";

/** The audience of a signed-in user. */
export function audienceOf(user: SessionUser): AskAudience {
  if (user.role === "ADMIN") return "admin";
  if (user.role === "OPERATOR") return "operator";
  return "tenant";
}
