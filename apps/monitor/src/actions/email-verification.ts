// Verified addresses for e-mail integrations (upstream's rules): an address is verified at
// once when it is the signed-in user's own (or the project owner's, for the CLI) or when
// MONITOR_EMAIL_USE_VERIFICATION is off; any other address gets a mail with a link that
// verifies it. Every alert carries a signed unsubscribe link that disables the integration.
import { sameSecret } from "@beacon/platform";
import type { MonitorDeps } from "../deps.js";
import { channelToken, readUnsubToken, verifyLink } from "../lib/channel-tokens.js";
import { findChannelByUuid, updateChannelRow } from "../store/channel-assignments.js";
import type { Channel } from "../store/schema.js";
import { emailConf, sendVerificationMail } from "../integrations/email/transport.js";

/** Seconds after which an unsubscribe page submits itself (mail scanners open links at once). */
export const UNSUB_AUTOSUBMIT_AGE = 300;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function startsVerified(deps: MonitorDeps, address: string, ownAddress: string | null): boolean {
  if (!deps.config.emailUseVerification) return true;
  return ownAddress !== null && address.trim().toLowerCase() === ownAddress.trim().toLowerCase();
}

/** Mails the verification link; a failure is logged, the integration stays unverified. */
export async function sendVerifyLink(deps: MonitorDeps, channel: Channel): Promise<boolean> {
  const address = emailConf(channel).value;
  if (!address) return false;
  if (!deps.config.smtpHost) {
    deps.log.warn({ channel: channel.uuid }, "no SMTP server configured: the verification link was not sent");
    return false;
  }
  try {
    await sendVerificationMail(deps.config, address, verifyLink(deps.config.siteRoot, channel.uuid, deps.secretKey));
    return true;
  } catch (error) {
    deps.log.error({ err: error, channel: channel.uuid }, "sending the verification link failed");
    return false;
  }
}

async function emailChannel(deps: MonitorDeps, uuid: string): Promise<Channel | undefined> {
  const channel = UUID.test(uuid) ? await findChannelByUuid(deps.db, uuid.toLowerCase()) : undefined;
  return channel;
}

export type VerifyOutcome = "verified" | "bad_link" | "not_found";

export async function verifyEmail(deps: MonitorDeps, uuid: string, token: string): Promise<VerifyOutcome> {
  const channel = await emailChannel(deps, uuid);
  if (!channel) return "not_found";
  if (!sameSecret(token, channelToken(channel.uuid, deps.secretKey))) return "bad_link";
  await updateChannelRow(deps.db, channel.id, { email_verified: 1 });
  return "verified";
}

export type UnsubOutcome = { kind: "bad_link" } | { kind: "not_found" } | { kind: "confirm"; autosubmit: boolean } | { kind: "unsubscribed" };

/**
 * The upstream's order: a forged signature is a bad link before anything is looked up; an
 * unknown (or non-e-mail) integration is not found; a token of another integration is a bad
 * link. GET only asks for confirmation (auto-submitted once the link is 5 minutes old), POST
 * disables the integration. The link does not expire.
 */
export async function unsubscribeEmail(deps: MonitorDeps, uuid: string, signed: string, confirmed: boolean): Promise<UnsubOutcome> {
  const now = deps.clock.now().getTime();
  const read = readUnsubToken(signed, deps.secretKey, now);
  if (!read) return { kind: "bad_link" };
  const channel = await emailChannel(deps, uuid);
  if (!channel || channel.kind !== "email") return { kind: "not_found" };
  if (!sameSecret(read.token, channelToken(channel.uuid, deps.secretKey))) return { kind: "bad_link" };
  if (!confirmed) return { kind: "confirm", autosubmit: read.ageSeconds > UNSUB_AUTOSUBMIT_AGE };
  await updateChannelRow(deps.db, channel.id, { disabled: 1 });
  return { kind: "unsubscribed" };
}
