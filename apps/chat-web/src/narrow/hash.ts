// Zulip's URL fragments: "#narrow/channel/42-design/topic/launch.20plan", "#narrow/dm/7,9-group",
// "#narrow/is/starred", "#narrow/…/near/123", "#feed". Parts are encoded as Zulip's
// hash_util does: encodeURIComponent, then "%" becomes "." (and "." itself ".2E"), so that
// links written by Zulip's web app and the server's Markdown open here and the other way round.
import type { Narrow } from "./narrow";

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

export function narrowToHash(n: Narrow, names: HashNames): string {
  let hash: string;
  if (n.dm) {
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
 * turns "#narrow/dm/<me>-…" into the conversation with oneself.
 */
export function hashToNarrow(hash: string, channelByName: (name: string) => number | undefined, myUserId: number): Narrow | null {
  const path = hash.replace(/^#/, "");
  if (path === "" || path === "feed" || path === "all_messages" || path === "narrow") return {};
  const parts = path.split("/");
  if (parts[0] !== "narrow") return null;
  const n: Narrow = {};
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const operator = parts[i]!;
    const operand = parts[i + 1]!;
    switch (operator) {
      case "channel":
      case "stream": {
        const id = /^(\d+)(?:-|$)/.exec(operand)?.[1];
        const found = id !== undefined ? Number(id) : channelByName(decodeHashComponent(operand));
        if (found === undefined) return null;
        n.channelId = found;
        break;
      }
      case "topic":
      case "subject":
        n.topic = decodeHashComponent(operand);
        break;
      case "dm":
      case "pm-with": {
        const ids = /^([\d,]*)/.exec(operand)![1]!.split(",").filter(Boolean).map(Number);
        n.dm = [...new Set(ids.filter((id) => id !== myUserId))].sort((a, b) => a - b);
        break;
      }
      case "is":
        if (operand === "mentioned" || operand === "starred") n.is = operand;
        else if (operand === "dm" || operand === "private") return {};
        else return null;
        break;
      case "near":
      case "with":
      case "id":
        if (/^\d+$/.test(operand)) n.near = Number(operand);
        break;
      default:
        return null;
    }
  }
  if (n.topic !== undefined && n.channelId === undefined) delete n.topic;
  return n;
}
