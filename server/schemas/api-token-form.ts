/** The API token form: shared by the page (client-side checks) and the server (the authority). */
import { z } from "zod";
import { safeId, safeString } from "./safe-input";

/** The expiries the form offers, in days; null = never expires. */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

export const apiTokenCreateSchema = z.object({
  name: safeString("Name", 60, "Name: at most 60 characters.").trim().min(1, "Give the token a name, e.g. the script or machine that uses it."),
  expiresInDays: z
    .number({ error: "Expiry is a number of days, or never." })
    .int("Expiry is a whole number of days.")
    .min(1, "Expiry is 1 to 365 days, or never.")
    .max(365, "Expiry is 1 to 365 days, or never.")
    .nullable()
    .default(90),
});

export const apiTokenRevokeSchema = z.object({ id: safeId("Token") });

export type ApiTokenCreateInput = z.input<typeof apiTokenCreateSchema>;
export type ApiTokenCreate = z.output<typeof apiTokenCreateSchema>;
