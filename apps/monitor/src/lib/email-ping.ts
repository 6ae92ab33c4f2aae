// The rules of inbound e-mail pings (pure): which mailboxes are ping addresses, and how a
// message's subject and body classify the ping by the check's keywords.
import { classifyText } from "./keywords.js";
import type { PingAction } from "./ping-plan.js";

export type Mailbox = { kind: "uuid"; uuid: string } | { kind: "slug"; pingKey: string; slug: string };

export type RecipientVerdict = { ok: Mailbox } | { error: "Recipient rejected" | "Invalid mailbox" };

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const SLUG_ADDRESS = /^([A-Za-z0-9_-]{22})\+([a-z0-9_-]+)$/;

/** The upstream's RCPT TO rules: exact domain first, then a UUID or `<ping key>+<slug>`. */
export function parseRecipient(address: string, domain: string): RecipientVerdict {
  const at = address.lastIndexOf("@");
  if (at === -1 || address.slice(at + 1) !== domain) return { error: "Recipient rejected" };
  const mailbox = address.slice(0, at);
  if (UUID_V4.test(mailbox)) return { ok: { kind: "uuid", uuid: mailbox.toLowerCase() } };
  const slug = SLUG_ADDRESS.exec(mailbox);
  if (slug) return { ok: { kind: "slug", pingKey: slug[1], slug: slug[2] } };
  return { error: "Invalid mailbox" };
}

export interface EmailFilters {
  filter_subject: number;
  filter_body: number;
  success_kw: string;
  failure_kw: string;
  start_kw: string;
  filter_default_fail: number;
}

export interface MessageText {
  subject: string;
  text: string;
  html: string;
}

/** HTML reduced to its words: scripts and styles dropped, tags stripped, whitespace collapsed. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
      .replace(/<!--[\s\S]*?-->/g, " ")
      .replace(/<[^>]*>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1].toLowerCase() === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function classifyEmail(check: EmailFilters, message: MessageText): PingAction {
  if (!check.filter_subject && !check.filter_body) return "success";
  const parts: string[] = [];
  if (check.filter_subject) parts.push(message.subject);
  if (check.filter_body) parts.push(message.text, htmlToText(message.html));
  return classifyText(parts.join("\n"), check);
}
