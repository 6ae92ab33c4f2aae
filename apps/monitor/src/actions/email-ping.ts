// Recording an inbound e-mail as a ping: find the check the address names, classify the
// message by the check's e-mail filters, and store the whole raw message as the body.
import type { MonitorDeps } from "../deps.js";
import { classifyEmail, type Mailbox } from "../lib/email-ping.js";
import { checksWithSlug, findCheckByUuid } from "../store/checks.js";
import { findProjectByPingKey } from "../store/projects.js";
import type { Check } from "../store/schema.js";
import { acceptPing } from "./accept-ping.js";
import type { PingOutcome } from "./record-ping.js";

export interface InboundEmail {
  raw: Buffer;
  mailFrom: string;
  remoteAddr: string | null;
}

export type EmailPingOutcome = PingOutcome | "ambiguous_slug";

async function findTarget(deps: MonitorDeps, mailbox: Mailbox): Promise<Check | "ambiguous_slug" | undefined> {
  if (mailbox.kind === "uuid") return findCheckByUuid(deps.db, mailbox.uuid);
  const project = await findProjectByPingKey(deps.db, mailbox.pingKey);
  if (!project) return undefined;
  const checks = await checksWithSlug(deps.db, project.id, mailbox.slug, 2);
  return checks.length > 1 ? "ambiguous_slug" : checks[0];
}

export async function recordEmailPing(deps: MonitorDeps, mailbox: Mailbox, email: InboundEmail): Promise<EmailPingOutcome> {
  const check = await findTarget(deps, mailbox);
  if (check === "ambiguous_slug") return check;
  if (!check) return "not_found";

  // Loaded with the first e-mail, not at start: with mailparser loaded, a trivial route in
  // the monitor's process served about 40k req/s against 47-52k without it (four processes
  // each, same run), and most servers never receive an e-mail.
  const { simpleParser } = await import("mailparser");
  const parsed = await simpleParser(email.raw, { skipImageLinks: true, skipTextToHtml: true });
  const action = classifyEmail(check, { subject: parsed.subject ?? "", text: parsed.text ?? "", html: typeof parsed.html === "string" ? parsed.html : "" });
  return acceptPing(deps, { checkId: check.id }, {
    ridValid: true,
    input: {
      action,
      via: "email",
      rid: null,
      exitstatus: null,
      scheme: "email",
      remoteAddr: email.remoteAddr,
      method: "",
      ua: `Email from ${email.mailFrom}`,
      // compat: e-mail keeps the whole message; the ping body limit applies to HTTP only.
      body: email.raw,
    },
  });
}
