// Outgoing webhook bots (Zulip's zerver/lib/outgoing_webhook.py): a channel message mentioning
// such a bot, or a direct message to it, is POSTed to the bot's URL, and the answer's content
// is posted back as the bot's reply in the same topic or conversation. The call is made off the
// request's path: the send writes an outbox row, a worker (workers/outgoing-webhooks.ts) makes
// the call and retries it. Texts and the retry count are Zulip's; so is retrying a timeout or
// a refused connection. Beyond Zulip, a bot server answering 5xx, 408 or 429 ("later") is
// retried the same way before its answer is reported, and the pauses grow (Zulip requeues at
// once), so a bot server restarting gets its message exactly once rather than a failure.
import { isTransientDatabaseError } from "@beacon/platform";
import type { ChatDeps } from "../deps.js";
import { realmUrl } from "../config.js";
import { channelMessageUrl, directMessageUrl } from "../lib/message-urls.js";
import { normalizeContent } from "../lib/topics.js";
import { loadMessageTemplate } from "../events/message-template.js";
import { getRealm, type Realm } from "../store/realms.js";
import { claimCalls, deleteCall, retryCall, serviceOfBot, type BotService, type OutgoingWebhookCall } from "../store/outgoing-webhooks.js";
import { getUser, usersByIds, type User } from "../store/users.js";
import { messageScope } from "./message-context.js";
import { holdingClaims, type LeaseTiming } from "./outbox-leases.js";
import { checkSendMessage, doSendMessage, type SendTarget } from "./send-message.js";
import { postWebhook, WEBHOOK_TIMEOUT_SECONDS, type WebhookOutcome } from "./webhook-post.js";

export const INTERFACE_GENERIC = 1;
export const INTERFACE_SLACK = 2;
/** Zulip's MAX_REQUEST_RETRIES: a call is tried once and retried three times. */
export const MAX_REQUEST_RETRIES = 3;

export interface DeliveryOptions extends LeaseTiming {
  batch: number;
  /** wait before the n-th retry: retryMs × 3^(n-1) (Zulip requeues at once) */
  retryMs: number;
  timeoutMs: number;
}

/** Makes the calls that are due; returns how many were taken. */
export async function doDeliverOutgoingWebhooks(deps: ChatDeps, options: DeliveryOptions): Promise<number> {
  const now = deps.clock.now().getTime();
  const until = now + options.leaseMs;
  const calls = await claimCalls(deps.db, deps.dialect, now, options.batch, until);
  // The calls go one after another, each up to its timeout: the heartbeat keeps the batch's
  // later calls from being taken over (and made twice) while the earlier ones run.
  await holdingClaims(deps, "outgoing_webhook_outbox", calls.map((c) => c.id), until, options, async () => {
    for (const call of calls) {
      try {
        await deliverCall(deps, call, options);
      } catch (error) {
        // A database outage is the worker loop's to report, once.
        if (!isTransientDatabaseError(error)) deps.log.error({ err: error, callId: call.id }, "outgoing webhook call failed");
        await retryCall(deps.db, call.id, call.failed_tries, deps.clock.now().getTime() + options.leaseMs, String(error));
      }
    }
  });
  return calls.length;
}

interface Context {
  deps: ChatDeps;
  call: OutgoingWebhookCall;
  bot: User;
  realm: Realm;
  message: Record<string, any>;
  rawContent: string;
}

async function deliverCall(deps: ChatDeps, call: OutgoingWebhookCall, options: DeliveryOptions): Promise<void> {
  const [service, bot, realm, loaded] = await Promise.all([serviceOfBot(deps.db, call.bot_id), getUser(deps.db, call.bot_id), getRealm(deps.db, call.realm_id), loadMessageTemplate(deps.db, call.message_id)]);
  // The bot was deactivated, or the message deleted, since: nothing to do.
  if (!service || !bot?.is_active || !realm || !loaded) return deleteCall(deps.db, call.id);
  const ctx: Context = { deps, call, bot, realm, message: loaded.template.message, rawContent: loaded.template.raw_content };
  const request = buildRequest(ctx, service);
  if (typeof request === "string") {
    await failWithMessage(ctx, request);
    return deleteCall(deps.db, call.id);
  }
  const outcome = await postWebhook(deps.config, service.base_url, request.body, request.contentType, options.timeoutMs);
  const lastTry = call.failed_tries >= MAX_REQUEST_RETRIES;
  const retry = await handleOutcome(ctx, service, outcome, lastTry);
  if (retry === undefined) return deleteCall(deps.db, call.id);
  const failedTries = call.failed_tries + 1;
  if (failedTries > MAX_REQUEST_RETRIES) {
    // Zulip's request_retry failure processor.
    await failWithMessage(ctx, "Bot is unavailable");
    await notifyBotOwner(ctx, { failureMessage: retry });
    deps.log.warn({ bot: bot.email, messageId: call.message_id }, "outgoing webhook: maximum retries exceeded");
    return deleteCall(deps.db, call.id);
  }
  await retryCall(deps.db, call.id, failedTries, deps.clock.now().getTime() + retryDelay(failedTries, options.retryMs), retry);
}

/** The pause before retry `n` (1, 2, 3): retryMs, then three times longer each time. */
export function retryDelay(n: number, retryMs: number): number {
  return retryMs * 3 ** (n - 1);
}

/** 408, 429 and 5xx say "try later"; any other status is the bot server's final word. */
function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** The request body per interface, or the failure text when the interface cannot serve it. */
function buildRequest(ctx: Context, service: BotService): { body: string; contentType: string } | string {
  const { message, rawContent, bot, call } = ctx;
  if (service.interface === INTERFACE_SLACK) {
    if (message.type === "private") return "Slack outgoing webhooks don't support private messages.";
    const domain = String(message.sender_email).split("@").pop() ?? "";
    const form = new URLSearchParams([
      ["token", service.token],
      ["team_id", String(message.sender_realm_str)],
      ["team_domain", domain],
      ["channel_id", String(message.stream_id)],
      ["channel_name", String(message.display_recipient)],
      ["timestamp", String(message.timestamp)],
      ["user_id", String(message.sender_id)],
      ["user_name", String(message.sender_full_name)],
      ["text", rawContent],
      ["trigger_word", call.trigger],
      ["service_id", String(bot.id)],
    ]);
    return { body: form.toString(), contentType: "application/x-www-form-urlencoded" };
  }
  // compat: Zulip sends the message as for apply_markdown=false, keeping rendered_content.
  const dict: Record<string, unknown> = { ...message, content: rawContent, content_type: "text/x-markdown", rendered_content: message.content };
  const payload = { data: rawContent, message: dict, bot_email: bot.email, bot_full_name: bot.full_name, token: service.token, trigger: call.trigger };
  return { body: JSON.stringify(payload), contentType: "application/json" };
}

/**
 * Acts on the bot server's answer; returns the failure text when the call should be retried.
 * A "later" status is retried unless this was the last try, when it is reported as any other.
 */
async function handleOutcome(ctx: Context, service: BotService, outcome: WebhookOutcome, lastTry: boolean): Promise<string | undefined> {
  switch (outcome.kind) {
    case "timeout":
      return `Request timed out after ${WEBHOOK_TIMEOUT_SECONDS} seconds.`;
    case "connection":
      return "A connection error occurred. Is my bot server down?";
    case "disallowed":
      // compat: what Zulip says when its outbound proxy refuses the address (status 407).
      await failWithMessage(ctx, "Third party responded with 407");
      await notifyBotOwner(ctx, { statusCode: 407 });
      return undefined;
    case "error":
      await failWithMessage(ctx, `An exception of type *${outcome.name}* occurred for message \`${ctx.rawContent}\`! See the Zulip server logs for more information.`);
      await notifyBotOwner(ctx, { exception: outcome });
      return undefined;
  }
  if (outcome.status < 200 || outcome.status > 299) {
    if (isTransientStatus(outcome.status) && !lastTry) return `Third party responded with ${outcome.status}`;
    await failWithMessage(ctx, `Third party responded with ${outcome.status}`);
    await notifyBotOwner(ctx, { statusCode: outcome.status, responseContent: outcome.text });
    return undefined;
  }
  let body: unknown;
  try {
    body = JSON.parse(outcome.text);
  } catch {
    return refuseResponse(ctx, outcome.text, "Invalid JSON in response");
  }
  // compat: zulip_botserver before 2021-05 answered "" for "no response required".
  if (body === "") return undefined;
  if (!body || typeof body !== "object" || Array.isArray(body)) return refuseResponse(ctx, outcome.text, "Invalid response format");
  const content = responseContent(service, body as Record<string, unknown>);
  if (content !== undefined && content.trim() !== "") await sendAsBot(ctx, messageTarget(ctx), content);
  return undefined;
}

function responseContent(service: BotService, body: Record<string, unknown>): string | undefined {
  if (service.interface === INTERFACE_SLACK) return "text" in body ? String(body.text) : undefined;
  if (body.response_not_required) return undefined;
  // compat: response_string is the deprecated name of content.
  if ("response_string" in body) return String(body.response_string);
  if ("content" in body) return String(body.content);
  return undefined;
}

async function refuseResponse(ctx: Context, text: string, error: string): Promise<undefined> {
  await failWithMessage(ctx, error);
  await notifyBotOwner(ctx, { responseContent: text, responseIsText: true, failureMessage: `The outgoing webhook server attempted to send a message in Zulip, but that request resulted in the following error:\n> ${error}` });
  return undefined;
}

/** Where the triggering message was: its topic, or its conversation. */
function messageTarget(ctx: Context): Promise<SendTarget> | SendTarget {
  const { message, bot, realm, deps } = ctx;
  if (message.type === "stream") return messageScope(deps, realm, bot).then((scope) => ({ kind: "stream", stream: scope.streams.get(message.stream_id)!, topic: String(message.subject) }));
  const ids = (message.display_recipient as { id: number }[]).map((r) => r.id).filter((id) => id !== bot.id);
  return usersByIds(deps.db, realm.id, ids).then((recipients) => ({ kind: "private", recipients: recipients.length ? recipients : [bot] }));
}

async function sendAsBot(ctx: Context, target: Promise<SendTarget> | SendTarget, content: string): Promise<void> {
  const { deps, realm, bot } = ctx;
  const resolved = await target;
  if (resolved.kind === "stream" && !resolved.stream) return;
  const scope = await messageScope(deps, realm, bot);
  // compat: Zulip's send_response_message skips the channel access check for the bot.
  const checked = await checkSendMessage(deps, { scope, target: resolved, content: normalizeContent(content), client: "OutgoingWebhookResponse", readBySender: false, now: deps.clock.now().getTime(), internal: true });
  await doSendMessage(deps, checked);
}

/** Zulip's fail_with_message: "Failure! …" as the bot's reply where the message was. */
function failWithMessage(ctx: Context, text: string): Promise<void> {
  return sendAsBot(ctx, messageTarget(ctx), `Failure! ${text}`);
}

/** Zulip's notify_bot_owner: a direct message from the bot to its owner. */
async function notifyBotOwner(ctx: Context, detail: { statusCode?: number; responseContent?: string; responseIsText?: boolean; failureMessage?: string; exception?: { name: string; message: string } }): Promise<void> {
  const { deps, bot, realm, message, call } = ctx;
  const owner = bot.bot_owner_id === null ? undefined : await getUser(deps.db, bot.bot_owner_id);
  if (!owner?.is_active) return;
  const base = realmUrl(deps.config, realm.string_id ?? "");
  const url =
    message.type === "stream"
      ? channelMessageUrl(base, { id: message.stream_id, name: String(message.display_recipient) }, String(message.subject), call.message_id)
      : directMessageUrl(base, (message.display_recipient as { id: number; full_name: string }[]).filter((r) => r.id !== owner.id), call.message_id);
  let text = `[A message](${url}) to your bot @_**${bot.full_name}** triggered an outgoing webhook.`;
  if (detail.exception) text += `\nWhen trying to send a request to the webhook service, an exception of type ${detail.exception.name} occurred:\n\`\`\`\n${detail.exception.message}\n\`\`\``;
  else if (detail.failureMessage) text += `\n${detail.failureMessage}`;
  else if (detail.statusCode === 407) text += "\nThe URL configured for the webhook is for a private or disallowed network.";
  else if (detail.statusCode) text += `\nThe webhook got a response with status code *${detail.statusCode}*.`;
  // compat: Zulip prints the payload as Python's repr of the body, bytes (b'…') or text ('…').
  if (detail.responseContent) text += `\nThe response contains the following payload:\n\`\`\`\n${pythonRepr(detail.responseContent, !detail.responseIsText)}\n\`\`\``;
  await sendAsBot(ctx, { kind: "private", recipients: [owner] }, text);
}

function pythonRepr(text: string, asBytes: boolean): string {
  if (!asBytes) return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/\t/g, "\\t")}'`;
  const bytes = Buffer.from(text, "utf8");
  let out = "";
  for (const byte of bytes) {
    if (byte === 0x5c) out += "\\\\";
    else if (byte === 0x27) out += "\\'";
    else if (byte === 0x0a) out += "\\n";
    else if (byte === 0x0d) out += "\\r";
    else if (byte === 0x09) out += "\\t";
    else if (byte < 0x20 || byte > 0x7e) out += `\\x${byte.toString(16).padStart(2, "0")}`;
    else out += String.fromCharCode(byte);
  }
  return `b'${out}'`;
}
