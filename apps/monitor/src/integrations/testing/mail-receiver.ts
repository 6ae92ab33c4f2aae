// Test support: a real SMTP server on 127.0.0.1 that records every message, for e-mail alerts.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";

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
