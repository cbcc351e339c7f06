// A tiny local SMTP server for e-mail tests: speaks just enough of RFC 5321 (EHLO, AUTH PLAIN/LOGIN,
// MAIL, RCPT, DATA, QUIT; no TLS) to take a message from nodemailer, and records each one with the
// credentials it was sent with. `rejectNext` answers the next DATA with a 554.
import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

/** One message as received. */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
  auth: string | null;
}

/** A started SMTP receiver. */
export interface SmtpReceiver {
  port: number;
  mails: ReceivedMail[];
  rejectNext: number;
  close: () => Promise<void>;
}

/** Starts the receiver on 127.0.0.1 at a free port. */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const state: SmtpReceiver = { port: 0, mails: [], rejectNext: 0, close: async () => {} };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    let buffer = "";
    let inData = false;
    let loginStep: "user" | "pass" | null = null;
    let loginUser = "";
    let auth: string | null = null;
    let mail: ReceivedMail = { from: "", to: [], data: "", auth: null };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 localhost test SMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          mail.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          if (state.rejectNext > 0) {
            state.rejectNext--;
            reply("554 5.7.1 rejected for the test");
          } else {
            state.mails.push({ ...mail, auth });
            reply(`250 2.0.0 queued as test-${state.mails.length}`);
          }
          mail = { from: "", to: [], data: "", auth: null };
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const upper = line.toUpperCase();
        if (loginStep === "user") {
          loginUser = Buffer.from(line, "base64").toString("utf8");
          loginStep = "pass";
          reply("334 UGFzc3dvcmQ6");
        } else if (loginStep === "pass") {
          auth = `${loginUser}:${Buffer.from(line, "base64").toString("utf8")}`;
          loginStep = null;
          reply("235 2.7.0 authenticated");
        } else if (upper.startsWith("EHLO") || upper.startsWith("HELO")) {
          socket.write("250-localhost\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n");
        } else if (upper.startsWith("AUTH PLAIN")) {
          const [, user, pass] = Buffer.from(line.slice(11).trim(), "base64").toString("utf8").split("\0");
          auth = `${user}:${pass}`;
          reply("235 2.7.0 authenticated");
        } else if (upper.startsWith("AUTH LOGIN")) {
          loginStep = "user";
          reply("334 VXNlcm5hbWU6");
        } else if (upper.startsWith("MAIL FROM:")) {
          mail.from = line
            .slice(10)
            .trim()
            .replace(/^<|>.*$/g, "");
          reply("250 2.1.0 ok");
        } else if (upper.startsWith("RCPT TO:")) {
          mail.to.push(
            line
              .slice(8)
              .trim()
              .replace(/^<|>.*$/g, ""),
          );
          reply("250 2.1.5 ok");
        } else if (upper === "DATA") {
          inData = true;
          reply("354 end with <CRLF>.<CRLF>");
        } else if (upper === "QUIT") {
          reply("221 2.0.0 bye");
          socket.end();
        } else if (upper === "RSET" || upper === "NOOP") {
          reply("250 2.0.0 ok");
        } else {
          reply("502 5.5.2 not implemented");
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.port = (server.address() as AddressInfo).port;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return state;
}
