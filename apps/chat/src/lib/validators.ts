// Strict validators for decoded parameter values, reporting the first problem with Zulip's
// message templates (typed_endpoint's ERROR_TEMPLATES). A path names nested values the way
// Zulip does: `subscriptions[0]["name"]`.
import type { JsonSchema } from "@beacon/platform";
import { ParamValidationError } from "./errors.js";

export type Validator<T> = (value: unknown, path: string) => T;

/** What each validator below accepts, as JSON Schema: for the API's OpenAPI document. */
const schemas = new WeakMap<Validator<unknown>, JsonSchema>();

const described = <T>(schema: JsonSchema, validator: Validator<T>): Validator<T> => {
  schemas.set(validator, schema);
  return validator;
};

/** A validator's schema; one written by hand elsewhere has none, so any value (`{}`). */
export const schemaOf = (validator: Validator<unknown>): JsonSchema => schemas.get(validator) ?? {};

const fail = (msg: string): never => {
  throw new ParamValidationError(msg);
};

export const bool: Validator<boolean> = described({ type: "boolean" }, (value, path) => (typeof value === "boolean" ? value : fail(`${path} is not a boolean`)));

export function int(options: { min?: number; max?: number } = {}): Validator<number> {
  const schema = { type: "integer", ...(options.min !== undefined && { minimum: options.min }), ...(options.max !== undefined && { maximum: options.max }) };
  return described(schema, (value, path) => {
    if (typeof value !== "number" || !Number.isSafeInteger(value)) return fail(`${path} is not an integer`);
    if (options.min !== undefined && value < options.min) return fail(`${path} is too small`);
    if (options.max !== undefined && value > options.max) return fail(`${path} is too large`);
    return value;
  });
}

export interface StringOptions {
  maxLength?: number;
  /** Strip surrounding whitespace first, then refuse an empty result ("cannot be blank"). */
  required?: boolean;
  strip?: boolean;
}

export function checkString(value: string, path: string, options: StringOptions): string {
  let out = value;
  if (options.strip || options.required) out = out.trim();
  if (options.required && out.length === 0) return fail(`${path} cannot be blank`);
  if (options.maxLength !== undefined && [...out].length > options.maxLength) {
    return fail(`${path} is too long (limit: ${options.maxLength} characters)`);
  }
  return out;
}

/** A string's schema under these options (also for raw parameters, params.ts). */
export function stringSchema(options: StringOptions): JsonSchema {
  return { type: "string", ...(options.maxLength !== undefined && { maxLength: options.maxLength }), ...(options.required && { pattern: "\\S" }) };
}

export function string(options: StringOptions = {}): Validator<string> {
  return described(stringSchema(options), (value, path) => (typeof value === "string" ? checkString(value, path, options) : fail(`${path} is not a string`)));
}

export function list<T>(item: Validator<T>): Validator<T[]> {
  return described({ type: "array", items: schemaOf(item) }, (value, path) => (Array.isArray(value) ? value.map((v, i) => item(v, `${path}[${i}]`)) : fail(`${path} is not a list`)));
}

export function nullable<T>(inner: Validator<T>): Validator<T | null> {
  return described({ anyOf: [schemaOf(inner), { type: "null" }] }, (value, path) => (value === null ? null : inner(value, path)));
}

/** A literal choice: anything else is `Invalid <name>`. */
export function oneOf<T extends string | number>(choices: readonly T[]): Validator<T> {
  return described({ enum: [...choices] }, (value, path) => (choices.includes(value as T) ? (value as T) : fail(`Invalid ${path}`)));
}

/**
 * The first alternative that accepts the value wins. When none does, the more specific
 * complaint is reported: a bound ("is too small") over a mismatched type.
 */
export function union<A, B>(first: Validator<A>, second: Validator<B>): Validator<A | B> {
  const typeMismatch = (e: unknown) => e instanceof ParamValidationError && /( is not a| is not an|^Invalid )/.test(e.message);
  return described({ anyOf: [schemaOf(first), schemaOf(second)] }, (value, path) => {
    try {
      return first(value, path);
    } catch (firstError) {
      try {
        return second(value, path);
      } catch (secondError) {
        throw typeMismatch(firstError) ? secondError : firstError;
      }
    }
  });
}

type Field<T> = { validator: Validator<T>; optional?: boolean };
type Shape = Record<string, Field<any>>;
type ObjectOf<S extends Shape> = { [K in keyof S]: S[K] extends Field<infer T> ? (S[K]["optional"] extends true ? T | undefined : T) : never };

export const field = <T>(validator: Validator<T>) => ({ validator });
export const optionalField = <T>(validator: Validator<T>) => ({ validator, optional: true as const });

/** A JSON object with known keys; unknown keys are refused unless `allowExtra`. */
export function object<S extends Shape>(shape: S, options: { allowExtra?: boolean } = {}): Validator<ObjectOf<S>> {
  const schema = {
    type: "object",
    properties: Object.fromEntries(Object.entries(shape).map(([key, spec]) => [key, schemaOf(spec.validator)])),
    required: Object.entries(shape).filter(([, spec]) => !spec.optional).map(([key]) => key),
    ...(!options.allowExtra && { additionalProperties: false }),
  };
  return described(schema, (value, path) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return fail(`${path} is not a dict`);
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, spec] of Object.entries(shape)) {
      const sub = `${path}[${JSON.stringify(key)}]`;
      if (!(key in record)) {
        if (!spec.optional) fail(`${sub} field is missing`);
        continue;
      }
      out[key] = spec.validator(record[key], sub);
    }
    if (!options.allowExtra) {
      for (const key of Object.keys(record)) {
        if (!(key in shape)) fail(`Argument "${key}" at ${path} is unexpected`);
      }
    }
    return out as ObjectOf<S>;
  });
}

/** Any JSON value, unchecked (for values validated by the caller). */
export const anything: Validator<unknown> = (value) => value;
