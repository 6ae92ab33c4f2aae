// Narrow terms as clients send them ({operator, operand, negated} objects or legacy
// [operator, operand] pairs), validated and with legacy operator names mapped to current ones.
import { ZulipError } from "./errors.js";
import { ParamValidationError } from "./errors.js";

export type Operand = string | number | number[];

export interface NarrowTerm {
  operator: string;
  operand: Operand;
  negated: boolean;
}

export class BadNarrowError extends ZulipError {
  constructor(description: string) {
    super(`Invalid narrow operator: ${description}`, { code: "BAD_NARROW" });
  }
}

const ALIASES: Record<string, string> = {
  stream: "channel",
  streams: "channels",
  subject: "topic",
  "pm-with": "dm",
  "group-pm-with": "group-dm-with",
  "dm-including": "dm-with",
};

const OPERATORS = new Set(["channel", "channels", "topic", "sender", "dm", "dm-with", "group-dm-with", "is", "has", "search", "id", "near", "with", "in", "mentions"]);

function checkOperand(value: unknown, path: string): Operand {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isSafeInteger(value)) return value;
  if (Array.isArray(value) && value.every((v) => typeof v === "number" && Number.isSafeInteger(v))) return value as number[];
  throw new ParamValidationError(`${path} is not a string, an integer or a list of integers`);
}

/** Validates the decoded `narrow` parameter. */
export function parseNarrow(value: unknown, name = "narrow"): NarrowTerm[] {
  if (!Array.isArray(value)) throw new ParamValidationError(`${name} is not a list`);
  return value.map((item, i) => {
    const path = `${name}[${i}]`;
    let operator: unknown;
    let operand: unknown;
    let negated: unknown = false;
    if (Array.isArray(item)) {
      // compat: legacy tuple narrows, [operator, operand].
      if (item.length !== 2) throw new ParamValidationError(`${path} is not length 2`);
      [operator, operand] = item;
    } else if (item && typeof item === "object") {
      const record = item as Record<string, unknown>;
      for (const key of Object.keys(record)) if (!["operator", "operand", "negated"].includes(key)) throw new ParamValidationError(`Argument "${key}" at ${path} is unexpected`);
      if (!("operator" in record)) throw new ParamValidationError(`${path}["operator"] field is missing`);
      if (!("operand" in record)) throw new ParamValidationError(`${path}["operand"] field is missing`);
      ({ operator, operand } = record);
      negated = record.negated ?? false;
    } else {
      throw new ParamValidationError(`${path} is not a dict`);
    }
    if (typeof operator !== "string") throw new ParamValidationError(`${path}["operator"] is not a string`);
    if (typeof negated !== "boolean") throw new ParamValidationError(`${path}["negated"] is not a boolean`);
    const canonical = ALIASES[operator] ?? operator;
    if (!OPERATORS.has(canonical)) throw new BadNarrowError(`unknown operator ${operator}`);
    let checked = checkOperand(operand, `${path}["operand"]`);
    if (canonical === "is" && checked === "private") checked = "dm";
    return { operator: canonical, operand: checked, negated };
  });
}

/** Whether the narrow names one channel (positively): then the channel's history is searched. */
export function positiveTerms(terms: NarrowTerm[], operator: string): NarrowTerm[] {
  return terms.filter((t) => t.operator === operator && !t.negated);
}

/** Keywords and quoted phrases of a search operand. */
export function searchTokens(operand: string): { words: string[]; phrases: string[] } {
  const phrases: string[] = [];
  const rest = operand.replace(/"([^"]*)"/g, (_m, phrase: string) => {
    if (phrase.trim()) phrases.push(phrase.trim());
    return " ";
  });
  const words = rest.split(/\s+/).map((w) => w.trim()).filter(Boolean);
  return { words, phrases };
}
