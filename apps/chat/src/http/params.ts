// The parameter bag of one request. Zulip reads each declared parameter (or one of its
// aliases) from the form body first, then the query string, whatever the method; values
// declared Json are JSON-decoded then validated strictly. Parameters are read in declaration
// order, so the first problem is the one reported. Whatever the endpoint never asked for comes
// back, sorted, as `ignored_parameters_unsupported`.
import { ParamValidationError, RequestConfusingVarError, RequestVariableMissingError } from "./errors.js";
import { checkString, type StringOptions, type Validator } from "./validators.js";

export type RawBag = Record<string, unknown>;

interface Lookup {
  name: string;
  aliases?: string[];
}

interface NulOption {
  /**
   * Let NUL characters through: the value's own check refuses them with the upstream's
   * message (a message's content, a topic). Every other value is refused here.
   */
  ownNulCheck?: boolean;
}

/** A value that is either a raw string or Json-decoded then validated. */
export type Decoder<T> = { kind: "string"; options: StringOptions & NulOption } | { kind: "json"; validator: Validator<T>; options: NulOption };

export const raw = (options: StringOptions & NulOption = {}): Decoder<string> => ({ kind: "string", options });
export const json = <T>(validator: Validator<T>, options: NulOption = {}): Decoder<T> => ({ kind: "json", validator, options });

/**
 * A NUL anywhere in a value, keys of decoded JSON included. PostgreSQL cannot store one in
 * text and SQLite's string functions stop at it; Zulip answers 400 where it checks
 * ("Message must not contain null bytes") and fails otherwise: here it is one 400 for all.
 */
function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => k.includes("\u0000") || hasNul(v));
  return false;
}

function lastValue(value: unknown): string | undefined {
  // Django's QueryDict returns the last of repeated keys.
  const v = Array.isArray(value) ? value[value.length - 1] : value;
  if (v === undefined || v === null) return undefined;
  return typeof v === "string" ? v : Buffer.isBuffer(v) ? v.toString("utf8") : String(v);
}

const nulError = (name: string) => new ParamValidationError(`${name} must not contain null bytes`);

/** URL path parameters, refused as parameters are when they hold a NUL. */
export function pathParams(raw: unknown): Record<string, string> {
  const path = (raw ?? {}) as Record<string, string>;
  for (const [name, value] of Object.entries(path)) if (value.includes("\u0000")) throw nulError(name === "*" ? "URL path" : name);
  return path;
}

export class Params {
  private readonly consumed = new Set<string>();

  constructor(
    private readonly body: RawBag,
    private readonly query: RawBag,
  ) {}

  /** The raw string of a parameter and the name it was found under. */
  private find(lookup: Lookup): { name: string; value: string } | undefined {
    let found: { name: string; value: string } | undefined;
    for (const name of [lookup.name, ...(lookup.aliases ?? [])]) {
      const value = name in this.body ? lastValue(this.body[name]) : name in this.query ? lastValue(this.query[name]) : undefined;
      if (value === undefined) continue;
      if (found) throw new RequestConfusingVarError(found.name, name);
      found = { name, value };
    }
    return found;
  }

  has(name: string): boolean {
    return name in this.body || name in this.query;
  }

  private decode<T>(name: string, value: string, decoder: Decoder<T>): T {
    const refuseNul = !decoder.options.ownNulCheck;
    if (refuseNul && value.includes("\u0000")) throw nulError(name);
    if (decoder.kind === "string") return checkString(value, name, decoder.options) as T;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new ParamValidationError(`${name} is not valid JSON`);
    }
    if (refuseNul && hasNul(parsed)) throw nulError(name);
    return decoder.validator(parsed, name);
  }

  required<T>(name: string, decoder: Decoder<T>, aliases?: string[]): T {
    const found = this.find({ name, aliases });
    if (!found) throw new RequestVariableMissingError(name);
    this.consumed.add(found.name);
    return this.decode(name, found.value, decoder);
  }

  optional<T>(name: string, decoder: Decoder<T>, aliases?: string[]): T | undefined {
    const found = this.find({ name, aliases });
    if (!found) return undefined;
    this.consumed.add(found.name);
    return this.decode(name, found.value, decoder);
  }

  withDefault<T>(name: string, decoder: Decoder<T>, fallback: T, aliases?: string[]): T {
    const value = this.optional(name, decoder, aliases);
    return value === undefined ? fallback : value;
  }

  /** Mark a parameter as understood without reading it (e.g. accepted for compatibility only). */
  accept(...names: string[]): void {
    for (const name of names) this.consumed.add(name);
  }

  ignored(): string[] {
    const names = new Set([...Object.keys(this.body), ...Object.keys(this.query)]);
    return [...names].filter((name) => !this.consumed.has(name)).sort();
  }
}
