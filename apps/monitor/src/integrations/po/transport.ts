// Pushover: a form POST to messages.json with the user key, an HTML message and a priority
// per direction (-3 turns a direction off). Emergency-priority (2) alerts repeat until
// acknowledged, so the recovery first cancels them by the check's tag.
import { send, type HttpResponse } from "../http.js";
import { checkFacts, cloakedUrl, formatDurationForSentence, formEncode, htmlEscape, htmlFacts, nameThenCode, otherDownLines, reasonLong } from "../text.js";
import { hashedBucket, TransportError, withinRateLimit, type AlertContext, type Transport } from "../alert.js";
import { poSettings } from "./settings.js";

export interface PoConf {
  userKey: string;
  prio: string;
  prioUp: string;
}

/** Stored as "user_key|prio" (older) or "user_key|prio|prio_up". */
export function poConf(value: string): PoConf {
  const [userKey, prio, prioUp] = value.split("|");
  return { userKey, prio, prioUp: prioUp ?? prio };
}

const priorityFor = (conf: PoConf, status: string) => (status === "up" ? conf.prioUp : conf.prio);

export function poTitle(alert: AlertContext): string {
  const name = nameThenCode(alert.check);
  return alert.flip.new_status === "down" ? `\u{1F534} ${name} is DOWN` : `\u{1F7E2} ${name} is UP`;
}

export function poMessage(alert: AlertContext): string {
  const { flip } = alert;
  const e = htmlEscape;
  const lines: string[] = [];
  if (flip.new_status === "down" && flip.reason) lines.push(`Reason: ${reasonLong(flip.reason)}.`);
  else if (flip.new_status === "up" && alert.downDuration) lines.push(`The downtime lasted ${formatDurationForSentence(alert.downDuration)}.`);
  lines.push("");
  lines.push(...checkFacts(alert, htmlFacts));
  lines.push(...otherDownLines(alert, (c, last) => `\u2022 <b>${e(nameThenCode(c))}</b> (last ping: ${last})`));
  return lines.join("\n").trim();
}

/** A 400 saying the user key is invalid disables the integration; other refusals are retried. */
function poError(res: HttpResponse): TransportError {
  let user: unknown;
  try {
    user = JSON.parse(res.body.toString("utf8"))?.user;
  } catch {
    user = undefined;
  }
  if (res.status === 400 && user === "invalid") return new TransportError("Received status code 400 (invalid user)", true);
  return new TransportError(`Received status code ${res.status}`);
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

export const poTransport: Transport = {
  isNoop: (channel, status) => Number(priorityFor(poConf(channel.value), status)) === -3,

  async notify(alert) {
    const settings = poSettings.of(alert.config);
    if (!settings.apiToken) throw new TransportError("Pushover notifications are not enabled.");
    const conf = poConf(alert.channel.value);
    await withinRateLimit(alert, hashedBucket("po", conf.userKey, alert), 6, 60);

    const { check } = alert;
    const status = alert.flip.new_status;
    if (status === "up" && conf.prio === "2") {
      const cancel = `${settings.apiUrl}/receipts/cancel_by_tag/${check.unique_key}.json`;
      await send({ method: "POST", url: cancel, headers: FORM, body: formEncode({ token: settings.apiToken }), allowPrivateIps: true }, poError);
    }
    const prio = priorityFor(conf, status);
    const payload: Record<string, string> = {
      token: settings.apiToken,
      user: conf.userKey,
      message: poMessage(alert),
      title: poTitle(alert),
      html: "1",
      priority: String(parseInt(prio, 10)),
      tags: check.unique_key,
      url: cloakedUrl(alert.config, check),
      url_title: `View on ${alert.config.siteName}`,
    };
    if (prio === "2") {
      payload.retry = String(settings.retryDelay);
      payload.expire = String(settings.expiration);
    }
    await send({ method: "POST", url: `${settings.apiUrl}/messages.json`, headers: FORM, body: formEncode(payload), allowPrivateIps: true }, poError);
  },
};
