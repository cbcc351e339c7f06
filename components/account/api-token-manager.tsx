"use client";
// Create an API token (a name and an expiry) and see its secret once, above the list of tokens. The
// secret exists only in this answer: the server keeps its hash, so it cannot be shown again.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { clientErrors, FormMessages, mergedErrors } from "@/components/admin/form-support";
import { useTRPC } from "@/components/trpc/react";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { API_TOKEN_EXPIRY_DAYS, apiTokenCreateSchema } from "@/server/schemas/api-token-form";
import { ApiTokenTable, type ApiTokenListRow } from "./api-token-table";

const NEVER = "never";
const expiryLabel = (days: number) => (days === 365 ? "1 year" : `${days} days`);

/** The new-token form, the one-time secret and the table. */
export function ApiTokenManager({ tokens }: { tokens: ApiTokenListRow[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState("90");
  const [client, setClient] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const create = useMutation(
    trpc.apiTokens.create.mutationOptions({
      onSuccess: (result) => {
        setCreated({ name: result.token.name, secret: result.secret });
        setCopied(false);
        setName("");
        router.refresh();
      },
    }),
  );
  const errors = mergedErrors(client, create.error);
  const input = () => ({ name, expiresInDays: expiry === NEVER ? null : Number(expiry) });
  return (
    <div className="flex flex-col gap-6">
      {created && (
        <section aria-labelledby="new-token-title" className="flex flex-col gap-3 rounded-xl bg-leaf-50 p-5 ring-1 ring-leaf-200">
          <h2 id="new-token-title" className="font-semibold text-leaf-900">
            Your new token &ldquo;{created.name}&rdquo;
          </h2>
          <p className="text-sm text-leaf-900">Copy it now: it is shown only this once. Verdant keeps only a hash of it and cannot show it again.</p>
          <code data-testid="new-token-secret" className="rounded-md bg-white px-3 py-2 font-mono text-sm break-all ring-1 ring-leaf-200">
            {created.secret}
          </code>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              onClick={() => {
                void navigator.clipboard?.writeText(created.secret).then(
                  () => setCopied(true),
                  () => setCopied(false),
                );
              }}
            >
              Copy
            </Button>
            <Button variant="secondary" onClick={() => setCreated(null)}>
              Done, hide it
            </Button>
            <span role="status" className="text-sm text-leaf-900">
              {copied ? "Copied." : ""}
            </span>
          </div>
          <p className="text-xs text-slate-700">
            Use it with the command line: <code className="font-mono">VERDANT_TOKEN=… npx verdant status</code>, or send{" "}
            <code className="font-mono">Authorization: Bearer …</code> to <code className="font-mono">/api/trpc</code>.
          </p>
        </section>
      )}
      <form
        noValidate
        aria-labelledby="token-form-title"
        className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        onSubmit={(e) => {
          e.preventDefault();
          const found = clientErrors(apiTokenCreateSchema, input());
          setClient(found ?? {});
          if (!found) create.mutate(apiTokenCreateSchema.parse(input()));
        }}
      >
        <h2 id="token-form-title" className="font-semibold">
          New token
        </h2>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <Field id="token-name" label="Name" error={errors.name} hint="What uses it, e.g. nightly-training or my laptop">
            <Input id="token-name" type="text" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} invalid={!!errors.name} />
          </Field>
          <Field id="token-expiry" label="Expires after" error={errors.expiresInDays}>
            <Select id="token-expiry" value={expiry} onChange={(e) => setExpiry(e.target.value)} invalid={!!errors.expiresInDays}>
              {API_TOKEN_EXPIRY_DAYS.map((days) => (
                <option key={days} value={String(days)}>
                  {expiryLabel(days)}
                </option>
              ))}
              <option value={NEVER}>Never</option>
            </Select>
          </Field>
        </div>
        <FormMessages error={create.error} errors={errors} />
        <div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create token"}
          </Button>
        </div>
      </form>
      <ApiTokenTable tokens={tokens} />
    </div>
  );
}
