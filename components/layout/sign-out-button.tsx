"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/components/trpc/react";

/** Ends the session and returns to the sign-in page. */
export function SignOutButton() {
  const trpc = useTRPC();
  const router = useRouter();
  const signOut = useMutation(
    trpc.auth.signOut.mutationOptions({
      onSettled: () => {
        router.replace("/sign-in");
        router.refresh();
      },
    }),
  );
  return (
    <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
      Sign out
    </Button>
  );
}
