// Zulip's URL fragments: "#narrow/channel/42-design/topic/launch.20plan", "#narrow/dm/7,9-group",
// "#narrow/is/starred", "#narrow/…/near/123", "#feed". Parts are encoded as Zulip's
// hash_util does: encodeURIComponent, then "%" becomes "." (and "." itself ".2E"), so that
// links written by Zulip's web app and the server's Markdown open here and the other way round.
import type { Narrow } from "./narrow";
import { canonicalOperator, narrowOfTerms, type Term } from "./terms";

export function encodeHashComponent(text: string): string {
  return encodeURIComponent(text).replace(/[%().]/g, (c) => ({ "%": ".", "(": ".28", ")": ".29", ".": ".2E" })[c]!);
}

export function decodeHashComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\./g, "%"));
  } catch {
    return text;
  }
}

export interface HashNames {
  channelName(id: number): string | undefined;
  userName(id: number): string | undefined;
}

// "Launch plan!" -> "Launch-plan!" in a channel slug; only the id before "-" is read back.
const slug = (name: string) => encodeHashComponent(name.replace(/\s+/g, "-"));

/** One term's operand in a fragment: a channel as "42-design", people as "9-Grace-Hopper" or "9,11-group". */
function hashOperand(t: Term, names: HashNames): string {
  if (t.operator === "channel" && /^\d+$/.test(t.operand)) return `${t.operand}-${slug(names.channelName(Number(t.operand)) ?? "channel")}`;
  if ((t.operator === "sender" || t.operator === "dm" || t.operator === "dm-including") && /^[\d,]*$/.test(t.operand)) {
    const ids = t.operand.split(",").filter(Boolean);
    if (ids.length === 1) return `${ids[0]}-${slug(names.userName(Number(ids[0])) ?? "user")}`;
    return ids.length ? `${ids.join(",")}-group` : "me";
  }
  return encodeHashComponent(t.operand);
}

export function narrowToHash(n: Narrow, names: HashNames): string {
  let hash: string;
  if (n.terms) {
    hash = "#narrow" + n.terms.map((t) => `/${t.negated ? "-" : ""}${t.operator}/${hashOperand(t, names)}`).join("");
  } else if (n.dm) {
    const ids = n.dm.length ? n.dm.join(",") : "";
    const suffix = n.dm.length === 1 ? slug(names.userName(n.dm[0]!) ?? "user") : n.dm.length === 0 ? "me" : "group";
    hash = `#narrow/dm/${ids}-${suffix}`;
  } else if (n.is) {
    hash = `#narrow/is/${n.is}`;
  } else if (n.channelId !== undefined) {
    hash = `#narrow/channel/${n.channelId}-${slug(names.channelName(n.channelId) ?? "channel")}`;
    if (n.topic !== undefined) hash += `/topic/${encodeHashComponent(n.topic)}`;
  } else {
    hash = n.near === undefined ? "#feed" : "#narrow";
  }
  if (n.near !== undefined) hash += `/near/${n.near}`;
  return hash;
}

/**
 * The narrow of a fragment, or null when it is not one (the caller shows the default view).
 * `channelByName` resolves the legacy "#narrow/stream/design" form that names no id; `myUserId`
 * turns "#narrow/dm/<me>-…" into the conversation with oneself. Any other operator
 * (`sender`, `has`, `search`, a negated `-is`…) makes a search narrow (narrow/terms.ts).
 */
export function hashToNarrow(hash: string, channelByName: (name: string) => number | undefined, myUserId: number): Narrow | null {
  const path = hash.replace(/^#/, "");
  if (path === "" || path === "feed" || path === "all_messages" || path === "narrow") return {};
  const parts = path.split("/");
  if (parts[0] !== "narrow") return null;
  const terms: Term[] = [];
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const negated = parts[i]!.startsWith("-");
    const operator = canonicalOperator(negated ? parts[i]!.slice(1) : parts[i]!);
    const operand = parts[i + 1]!;
    if (!operator) return null;
    let value: string;
    switch (operator) {
      case "channel": {
        const id = /^(\d+)(?:-|$)/.exec(operand)?.[1];
        const found = id !== undefined ? Number(id) : channelByName(decodeHashComponent(operand));
        if (found === undefined) return null;
        value = String(found);
        break;
      }
      case "dm": {
        const ids = /^([\d,]*)/.exec(operand)![1]!.split(",").filter(Boolean).map(Number);
        value = [...new Set(ids.filter((id) => id !== myUserId))].sort((a, b) => a - b).join(",");
        break;
      }
      case "sender":
      case "dm-including": {
        // "9-Grace-Hopper" (the id, then a slug of the name), or an older form's email
        const ids = /^(\d+(?:,\d+)*)(?:-|$)/.exec(operand)?.[1];
        value = ids ?? decodeHashComponent(operand);
        break;
      }
      case "near":
        if (!/^\d+$/.test(operand)) continue;
        value = operand;
        break;
      default:
        value = decodeHashComponent(operand);
        if (operator === "is" && value === "private") value = "dm";
    }
    terms.push(negated ? { operator, operand: value, negated } : { operator, operand: value });
  }
  return narrowOfTerms(terms);
}
