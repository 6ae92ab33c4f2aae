// Search narrows: a list of Zulip's narrow terms ({operator, operand, negated}) for what the
// simple narrow (a channel, a topic, a conversation, mentions, starred) cannot say: `sender:`,
// `has:`, `is:unread|resolved|followed|dm`, free text (`search:`), negation. Written two ways,
// as Zulip's web app writes them:
// - the search bar's text (Zulip's Filter.parse/unparse): `channel:design -is:resolved deploy
//   failed`; an operand with spaces is quoted or has `+` for each space (`topic:launch+plan`);
//   words that are not `operator:operand` together make one `search:` term;
// - the URL fragment (Zulip's hash_util.search_terms_to_hash): `#narrow/channel/42-design/
//   search/deploy.20failed`, `#narrow/-is/resolved`, `#narrow/sender/9-Grace-Hopper`.
// Operands are kept canonical: a channel by its id, people by their ids ("9", "9,11"), the
// rest as typed; the names are resolved when reading text and written back for display.
import type { Narrow, Term } from "./types";

export type { Term } from "./types";


/** The operators the search bar knows, with the names of older clients mapped to them. */
export const OPERATORS = ["channel", "topic", "sender", "dm", "dm-including", "has", "is", "near", "search"] as const;
const ALIASES: Record<string, string> = { stream: "channel", subject: "topic", "pm-with": "dm", from: "sender", "group-pm-with": "dm-including", id: "near", with: "near" };
export const HAS_OPERANDS = ["link", "image", "attachment", "reaction"];
export const IS_OPERANDS = ["dm", "starred", "mentioned", "unread", "resolved", "followed", "alerted", "muted"];

export function canonicalOperator(name: string): string | undefined {
  const lower = name.toLowerCase();
  const operator = ALIASES[lower] ?? lower;
  return (OPERATORS as readonly string[]).includes(operator) ? operator : undefined;
}

/** What the search text and the URL need to know about channels and people. */
export interface Names {
  channelName(id: number): string | undefined;
  channelByName(name: string): number | undefined;
  userName(id: number): string | undefined;
  userEmail(id: number): string | undefined;
  userByEmail(email: string): number | undefined;
  myUserId: number;
}

/** Zulip's Filter.encodeOperand: "%", "+" and '"' escaped, a space written as "+". */
export function encodeOperand(operand: string): string {
  return operand.replace(/%/g, "%25").replace(/\+/g, "%2B").replace(/"/g, "%22").replace(/ /g, "+");
}

export function decodeOperand(text: string): string {
  const spaced = text.replace(/\+/g, " ");
  try {
    return decodeURIComponent(spaced.replace(/%(?![0-9a-fA-F]{2})/g, "%25"));
  } catch {
    return spaced;
  }
}

/** Splits the search text into tokens; a double-quoted part keeps its spaces. */
function tokens(text: string): string[] {
  const out: string[] = [];
  const pattern = /(?:[^\s"]+|"[^"]*"?)+/g;
  for (const match of text.matchAll(pattern)) out.push(match[0]);
  return out;
}

const unquote = (s: string) => (s.startsWith('"') ? s.replace(/^"|"$/g, "") : decodeOperand(s));

/** A person named in text (an email, "me", or an id) as an id, or the text when unknown. */
function personOperand(text: string, names: Names): string {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      if (/^\d+$/.test(part)) return part;
      if (part.toLowerCase() === "me") return String(names.myUserId);
      return String(names.userByEmail(part) ?? part);
    })
    .join(",");
}

/** The canonical form of one term's operand (ids for channels and people, sorted peers). */
function canonicalTerm(operator: string, operand: string, negated: boolean, names: Names): Term {
  let value = operand;
  if (operator === "channel") value = /^\d+$/.test(operand) ? operand : String(names.channelByName(operand) ?? operand);
  else if (operator === "sender" || operator === "dm-including") value = personOperand(operand, names);
  else if (operator === "dm") value = dmOperand(personOperand(operand, names), names.myUserId);
  else if (operator === "is" || operator === "has") value = operand.toLowerCase() === "private" ? "dm" : operand.toLowerCase();
  return negated ? { operator, operand: value, negated } : { operator, operand: value };
}

/** A conversation's other members, sorted ("" for one's own notes); names left as they are. */
function dmOperand(list: string, myUserId: number): string {
  const parts = list.split(",").filter(Boolean);
  if (!parts.every((p) => /^\d+$/.test(p))) return list;
  return [...new Set(parts.map(Number).filter((id) => id !== myUserId))].sort((a, b) => a - b).join(",");
}

/** The search bar's text as terms (Zulip's Filter.parse). */
export function parseSearch(text: string, names: Names): Term[] {
  const terms: Term[] = [];
  const words: string[] = [];
  for (const token of tokens(text)) {
    const negated = token.startsWith("-") && token.length > 1;
    const body = negated ? token.slice(1) : token;
    const colon = body.indexOf(":");
    const operator = colon > 0 ? canonicalOperator(body.slice(0, colon)) : undefined;
    if (!operator) {
      words.push(token.startsWith('"') ? token : decodeOperand(token));
      continue;
    }
    const operand = unquote(body.slice(colon + 1));
    if (operator === "search") {
      if (operand) terms.push(negated ? { operator, operand, negated } : { operator, operand });
      continue;
    }
    terms.push(canonicalTerm(operator, operand, negated, names));
  }
  if (words.length) terms.push({ operator: "search", operand: words.join(" ") });
  return terms;
}

/** The text of one operand for the search bar: a channel's name, people's emails. */
function operandText(term: Term, names: Names): string {
  const { operator, operand } = term;
  if (operator === "channel" && /^\d+$/.test(operand)) return names.channelName(Number(operand)) ?? operand;
  if (operator === "sender" || operator === "dm" || operator === "dm-including") {
    if (operator === "dm" && operand === "") return names.userEmail(names.myUserId) ?? String(names.myUserId);
    return operand
      .split(",")
      .map((id) => (/^\d+$/.test(id) ? (Number(id) === names.myUserId && operator === "sender" ? "me" : (names.userEmail(Number(id)) ?? id)) : id))
      .join(",");
  }
  return operand;
}

/** Terms as the search bar's text (Zulip's Filter.unparse); free text comes last, as typed. */
export function unparseSearch(terms: readonly Term[], names: Names): string {
  const operators = terms.filter((t) => t.operator !== "search" || t.negated).map((t) => `${t.negated ? "-" : ""}${t.operator}:${encodeOperand(operandText(t, names))}`);
  const text = terms.filter((t) => t.operator === "search" && !t.negated).map((t) => t.operand);
  return [...operators, ...text].join(" ");
}

/**
 * Terms as a narrow: the simple narrow when they say no more than one (a channel and maybe a
 * topic, a conversation, mentions, starred), so those keep their own views and URLs;
 * otherwise a search narrow carrying them. `near` becomes where the view opens.
 */
export function narrowOfTerms(all: readonly Term[]): Narrow {
  const nearTerm = all.find((t) => t.operator === "near" && !t.negated && /^\d+$/.test(t.operand));
  const terms = all.filter((t) => t.operator !== "near");
  const near = nearTerm ? { near: Number(nearTerm.operand) } : {};
  const only = (...ops: string[]) => terms.every((t) => !t.negated && ops.includes(t.operator)) && new Set(terms.map((t) => t.operator)).size === terms.length;
  if (terms.length === 0) return { ...near };
  const channel = terms.find((t) => t.operator === "channel");
  const topic = terms.find((t) => t.operator === "topic");
  if (channel && /^\d+$/.test(channel.operand) && only("channel", "topic")) {
    return { channelId: Number(channel.operand), ...(topic ? { topic: topic.operand } : {}), ...near };
  }
  const dm = terms[0]!;
  if (terms.length === 1 && !dm.negated && dm.operator === "dm" && /^[\d,]*$/.test(dm.operand)) {
    return { dm: dm.operand.split(",").filter(Boolean).map(Number), ...near };
  }
  if (terms.length === 1 && !dm.negated && dm.operator === "is" && (dm.operand === "mentioned" || dm.operand === "starred")) return { is: dm.operand, ...near };
  return { terms: [...terms], ...near };
}

/** The terms of any narrow (a simple one too), for the search bar. */
export function termsOfNarrow(n: Narrow): Term[] {
  if (n.terms) return n.terms;
  if (n.dm) return [{ operator: "dm", operand: n.dm.join(",") }];
  if (n.is) return [{ operator: "is", operand: n.is }];
  const terms: Term[] = [];
  if (n.channelId !== undefined) terms.push({ operator: "channel", operand: String(n.channelId) });
  if (n.channelId !== undefined && n.topic !== undefined) terms.push({ operator: "topic", operand: n.topic });
  return terms;
}

/** The narrow in the API's terms: ids as numbers, a conversation with oneself as [me]. */
export function apiTerms(terms: readonly Term[], myUserId: number): { operator: string; operand: unknown; negated?: boolean }[] {
  return terms.map((t) => {
    let operand: unknown = t.operand;
    if ((t.operator === "channel" || t.operator === "sender" || t.operator === "dm-including") && /^\d+$/.test(t.operand)) operand = Number(t.operand);
    if (t.operator === "dm" && /^[\d,]*$/.test(t.operand)) {
      const ids = t.operand.split(",").filter(Boolean).map(Number);
      operand = ids.length ? ids : [myUserId];
    }
    return t.negated ? { operator: t.operator, operand, negated: true } : { operator: t.operator, operand };
  });
}
