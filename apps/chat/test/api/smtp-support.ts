// A local SMTP server on 127.0.0.1 that keeps every message it is handed.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Mail {
  from: string;
  to: string[];
  /** the raw message, quoted-printable soft breaks and escapes undone */
  text: string;
}

export interface MailServer {
  port: number;
  mails: Mail[];
  close(): Promise<void>;
}

const unquote = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export async function mailServer(): Promise<MailServer> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        mails.push({ from, to: session.envelope.rcptTo.map((r) => r.address), text: unquote(Buffer.concat(chunks).toString()) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { port, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
