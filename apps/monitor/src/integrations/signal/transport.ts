// Signal: a message sent through signal-cli's JSON-RPC socket (client.ts) to a phone number
// or a username, with bold and monospace spans as Signal text styles. Stored as the
// upstream stores it: {"value": recipient, "up": bool, "down": bool}.
import { checkFacts, formatDurationForSentence, htmlEscape, htmlFacts, nameThenCode, otherDownLines, reasonLong } from "../text.js";
import { hashedBucket, TransportError, withinRateLimit, type AlertContext, type Transport } from "../alert.js";
import { rpc } from "./client.js";
import { signalSettings } from "./settings.js";

export interface SignalConf {
  value: string;
  up?: boolean | null;
  down?: boolean | null;
}

export const signalConf = (value: string): SignalConf => JSON.parse(value);

const e = htmlEscape;

/** The message as the upstream's template marks it up (<b>, <code>), before styles are extracted. */
export function signalMarkup(alert: AlertContext): string {
  const { check, flip } = alert;
  const name = e(nameThenCode(check));
  const lines: string[] = [];
  if (flip.new_status === "down") lines.push(`The check <b>${name}</b> is <b>DOWN</b>${flip.reason ? ` (${reasonLong(flip.reason)})` : ""}.`);
  else lines.push(`The check <b>${name}</b> is now <b>UP</b>.${alert.downDuration ? ` The downtime lasted ${formatDurationForSentence(alert.downDuration)}.` : ""}`);
  lines.push("");
  lines.push(...checkFacts(alert, htmlFacts));
  // compat: the upstream leaves these names unescaped (|safe) before unescaping the whole.
  lines.push(...otherDownLines(alert, (c, last) => `\u2022 <b>${nameThenCode(c)}</b> (last ping: ${last})`));
  return lines.join("\n").trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function unescapeHtml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") return String.fromCodePoint(ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10));
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/**
 * <b> and <code> spans -> plain text and Signal's "start:length:STYLE" ranges.
 * compat: offsets count code points, as the upstream's Python len() does.
 */
export function extractSignalStyles(markup: string): { text: string; styles: string[] } {
  let text = "";
  const styles: string[] = [];
  let start = 0;
  const len = () => [...text].length;
  for (const part of markup.split(/(<\/?(?:b|code)>)/)) {
    if (part === "<b>" || part === "<code>") start = len();
    else if (part === "</b>") styles.push(`${start}:${len() - start}:BOLD`);
    else if (part === "</code>") styles.push(`${start}:${len() - start}:MONOSPACE`);
    else text += unescapeHtml(part);
  }
  return { text, styles };
}

/** Sends one message; errors worded as upstream ("Recipient not found" disables). */
export async function sendSignal(socket: string, recipient: string, markup: string, log?: (msg: string, raw: string) => void): Promise<void> {
  const { text, styles } = extractSignalStyles(markup);
  // Usernames (name.123) are addressed with a "u:" prefix.
  const to = recipient.includes(".") ? `u:${recipient}` : recipient;
  const outcome = await rpc(socket, "send", { recipient: [to], message: text, textStyle: styles });
  if (outcome.ok) return;
  for (const result of outcome.results) {
    if (result.type === "UNREGISTERED_FAILURE") throw new TransportError("Recipient not found", true);
    if (result.type === "RATE_LIMIT_FAILURE" && result.token) {
      log?.("signal-cli asks for a CAPTCHA proof (submitRateLimitChallenge with this token)", outcome.raw);
      throw new TransportError("CAPTCHA proof required");
    }
  }
  log?.(`signal-cli call failed (${outcome.code})`, outcome.raw);
  throw new TransportError(`signal-cli call failed (${outcome.code})`);
}

export const signalTransport: Transport = {
  isNoop: (channel, status) => {
    const conf = signalConf(channel.value);
    return !(status === "down" ? conf.down : conf.up);
  },

  async notify(alert) {
    const { socket } = signalSettings.of(alert.config);
    if (!socket) throw new TransportError("Signal notifications are not enabled");
    const { value } = signalConf(alert.channel.value);
    await withinRateLimit(alert, hashedBucket("signal", value, alert), 6, 60);
    await sendSignal(socket, value, signalMarkup(alert));
  },
};
