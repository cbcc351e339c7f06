import { redirect } from "next/navigation";
import { currentUser } from "@/server/api/server-caller";
import { homePathFor } from "@/server/auth/session-user";

export const dynamic = "force-dynamic";

/** Sends each role to its home page, or to sign-in. */
export default async function Home() {
  const user = await currentUser();
  redirect(user ? homePathFor(user.role) : "/sign-in");
}
