"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import { fieldErrorsOf, messageOf } from "@/components/trpc/errors";

/** E-mail and password form; on success the server sets the session cookie and we go home. */
export function SignInForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const signIn = useMutation(
    trpc.auth.signIn.mutationOptions({
      onSuccess: ({ redirectTo }) => {
        router.replace(redirectTo);
        router.refresh();
      },
    }),
  );
  const fields = fieldErrorsOf(signIn.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ email, password });
  };
  return (
    <form onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" noValidate>
      <Field id="email" label="E-mail" error={fields.email}>
        <Input id="email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} invalid={!!fields.email} required />
      </Field>
      <Field id="password" label="Password" error={fields.password}>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          invalid={!!fields.password}
          required
        />
      </Field>
      {signIn.error && !Object.keys(fields).length && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          {messageOf(signIn.error)}
        </p>
      )}
      <Button type="submit" disabled={signIn.isPending}>
        {signIn.isPending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
