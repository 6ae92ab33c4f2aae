// Real local receivers for outbound alerts: an HTTP server on 127.0.0.1:0 that records
// every request, and an SMTP server that records every message.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Receiver {
  url: string;
  requests: Received[];
  /** Answers for the next requests, in order; then 200 "ok". */
  replies: { status: number; body?: string }[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: "", requests: [], replies: [], close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      receiver.requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      const reply = receiver.replies.shift() ?? { status: 200, body: "ok" };
      res.writeHead(reply.status, { "content-type": "application/json" }).end(reply.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

export interface MailReceiver {
  port: number;
  messages: ParsedMail[];
  envelopes: { from: string; to: string[] }[];
  close(): Promise<void>;
}

export async function startMailReceiver(): Promise<MailReceiver> {
  const mail: MailReceiver = { port: 0, messages: [], envelopes: [], close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((parsed) => {
        mail.messages.push(parsed);
        mail.envelopes.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  mail.port = (server.server.address() as AddressInfo).port;
  mail.close = () => new Promise((resolve) => server.close(() => resolve()));
  return mail;
}
