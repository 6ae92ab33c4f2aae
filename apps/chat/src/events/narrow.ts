// The narrow a queue may be registered with: a filter on the message events the user would
// get anyway (Zulip's build_narrow_predicate), not a subscription to more messages.
import { BadRequestError } from "../http/errors.js";
import { RESOLVED_TOPIC_PREFIX } from "../lib/topics.js";

export type NarrowTerm = [operator: string, operand: string];
export type NarrowPredicate = (message: Record<string, unknown>, flags: string[]) => boolean;

const CHANNEL = ["channel", "stream"];
const SUPPORTED = [...CHANNEL, "topic", "exact-topic", "sender", "is"];

export function checkNarrowForEvents(narrow: NarrowTerm[]): void {
  for (const [operator, operand] of narrow) {
    if (!SUPPORTED.includes(operator)) throw new BadRequestError(`Operator ${operator} not supported.`);
    if (operator === "is" && operand === "followed") throw new BadRequestError(`Operand ${operand} not supported.`);
  }
}

function satisfies(operator: string, operand: string, message: Record<string, unknown>, flags: string[]): boolean {
  const isStream = message.type === "stream";
  const topic = String(message.subject ?? "");
  if (CHANNEL.includes(operator)) return isStream && operand.toLowerCase() === String(message.display_recipient).toLowerCase();
  if (operator === "topic") {
    if (!isStream) return false;
    const name = topic.toLowerCase();
    const wanted = operand.toLowerCase();
    return wanted === name || name.split(/\s+/).includes(wanted);
  }
  if (operator === "exact-topic") return isStream && operand === topic;
  if (operator === "sender") return operand.toLowerCase() === String(message.sender_email).toLowerCase();
  if (operator === "is") {
    if (operand === "dm" || operand === "private") return message.type === "private";
    if (operand === "starred") return flags.includes("starred");
    if (operand === "unread") return !flags.includes("read");
    if (operand === "alerted" || operand === "mentioned") return flags.includes("mentioned");
    if (operand === "resolved") return isStream && topic.startsWith(RESOLVED_TOPIC_PREFIX);
  }
  return true;
}

export function narrowPredicate(narrow: NarrowTerm[]): NarrowPredicate {
  checkNarrowForEvents(narrow);
  if (narrow.length === 0) return () => true;
  return (message, flags) => narrow.every(([operator, operand]) => satisfies(operator, operand, message, flags));
}
