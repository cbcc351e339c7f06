/**
 * E-mail delivery through the admin's outgoing mail server (nodemailer's SMTP transport): one plain
 * text message per event, the subject line first, then the same JSON body a webhook receives. The
 * server's reply is kept with the attempt ("250 2.0.0 queued as …", or the refusal).
 */
import { createTransport } from "nodemailer";
import type { NotificationPayload } from "./produce-events";

/** The mail server as the sender needs it (the password opened). */
export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  fromAddress: string;
  username: string | null;
  password: string | null;
}

/** What the mail server answered: its reply on success, or the error that stopped the message. */
export interface MailOutcome {
  smtpResponse: string | null;
  error: string | null;
}

/** Sends one event to `to`; never throws. */
export async function sendEventMail(smtp: SmtpConfig, to: string, payload: NotificationPayload, timeoutMs: number): Promise<MailOutcome> {
  const transport = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.username ? { user: smtp.username, pass: smtp.password ?? "" } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    const info = await transport.sendMail({
      from: smtp.fromAddress,
      to,
      subject: `[Verdant] ${payload.subject}`,
      text: `${payload.subject}\n\n${JSON.stringify(payload, null, 2)}\n`,
      headers: { "X-Verdant-Event": payload.type, "X-Verdant-Event-Id": payload.id },
    });
    return { smtpResponse: String(info.response ?? "").slice(0, 500), error: null };
  } catch (error) {
    const e = error as Error & { response?: string };
    return { smtpResponse: e.response ? e.response.slice(0, 500) : null, error: e.message.slice(0, 500) };
  } finally {
    transport.close();
  }
}
