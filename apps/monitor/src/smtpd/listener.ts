// The inbound e-mail listener: an SMTP server that accepts mail for ping addresses only
// and turns each accepted recipient into a ping. DATA is always answered 250, whatever
// happened to the pings (unknown checks are only logged), as the upstream does.
import { SMTPServer } from "smtp-server";
import type { MonitorDeps } from "../deps.js";
import { recordEmailPing } from "../actions/email-ping.js";
import { parseRecipient } from "../lib/email-ping.js";

// compat: aiosmtpd's default maximum message size.
const MAX_MESSAGE_BYTES = 32 * 1024 * 1024;

function smtpError(message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: 550 });
}

export function createSmtpListener(deps: MonitorDeps): SMTPServer {
  const domain = deps.config.pingEmailDomain;
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    banner: "Beacon ping listener",
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onRcptTo(address, _session, callback) {
      const verdict = parseRecipient(address.address, domain);
      if ("error" in verdict) return callback(smtpError(`5.1.1 ${verdict.error}`));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks);
        const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        for (const recipient of session.envelope.rcptTo) {
          const verdict = parseRecipient(recipient.address, domain);
          if (!("ok" in verdict)) continue;
          try {
            const outcome = await recordEmailPing(deps, verdict.ok, { raw, mailFrom, remoteAddr: session.remoteAddress ?? null });
            if (outcome !== "ok") deps.log.info({ recipient: recipient.address, outcome }, "e-mail ping not recorded");
          } catch (error) {
            deps.log.error({ err: error, recipient: recipient.address }, "e-mail ping failed");
          }
        }
        callback();
      });
    },
  });
}

export async function listenSmtp(server: SMTPServer, host: string, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return (server.server.address() as { port: number }).port;
}

export function closeSmtp(server: SMTPServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
