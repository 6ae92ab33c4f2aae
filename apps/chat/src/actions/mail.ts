// Outbound e-mail over the CHAT_SMTP_* settings: one nodemailer transport per configuration,
// shared by the e-mail-change confirmations and the invitation e-mails.
import { smtpTransport } from "@beacon/platform";
import type { ChatConfig } from "../config.js";
import type { ChatDeps } from "../deps.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Zulip's email_senders worker requeues a failed send up to MAX_REQUEST_RETRIES (3) times. */
export const MAIL_RETRIES = 3;

export const mailConfigured = (config: ChatConfig): boolean => Boolean(config.smtpHost);

/** One attempt; rejects when the SMTP server refuses or cannot be reached. */
export async function sendMail(config: ChatConfig, message: MailMessage): Promise<void> {
  await smtpTransport(config).sendMail({ from: config.smtpFrom, ...message });
}

/**
 * Sends with Zulip's retry budget (the first attempt, then up to MAIL_RETRIES more, at once as
 * Zulip's requeue does) and never throws: a message that still fails is logged. Returns whether
 * it was handed to the SMTP server.
 */
export async function deliverMail(deps: Pick<ChatDeps, "config" | "log">, message: MailMessage, context: Record<string, unknown>): Promise<boolean> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= MAIL_RETRIES; attempt++) {
    try {
      await sendMail(deps.config, message);
      return true;
    } catch (err) {
      lastError = err;
    }
  }
  deps.log.error({ err: lastError, ...context, attempts: MAIL_RETRIES + 1 }, "e-mail not sent");
  return false;
}

const inFlight = new Set<Promise<boolean>>();

/**
 * deliverMail without waiting, as Zulip hands mail to its email_senders queue after commit:
 * the request answers at once and an unreachable SMTP server delays nobody.
 */
export function deliverMailLater(deps: Pick<ChatDeps, "config" | "log">, message: MailMessage, context: Record<string, unknown>): void {
  const sending = deliverMail(deps, message, context).finally(() => inFlight.delete(sending));
  inFlight.add(sending);
}

/** Resolves once every background delivery started so far has finished (tests, shutdown). */
export async function mailSettled(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}
