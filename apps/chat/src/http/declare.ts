// Parameters declared as data, as Zulip's typed_endpoint (zerver/lib/typed_endpoint.py)
// declares them on a view: each handler names what it reads (wire name, decoder, required or
// default, deprecated aliases) beside its code, and `parseArgs` reads them all, in
// declaration order, before the handler runs. The reading itself is the request's `Params`
// (params.ts): the first problem is the one reported, and whatever no declaration names comes
// back as `ignored_parameters_unsupported`. The handler receives the values typed.
import type { Decoder, Params } from "./params.js";

/** Where a parameter is read from: the form body, then the query string (Zulip's REQ). */
export type ParamSource = "body-or-query";

/** One wire parameter as the declaration describes it: for the fuzzer and the API document. */
export interface ParamField {
  name: string;
  aliases: readonly string[];
  presence: "required" | "optional" | "default" | "accepted";
  /** a plain string, or JSON decoded then validated */
  decoder: Decoder<unknown> | undefined;
  fallback?: unknown;
  from: ParamSource;
}

/**
 * A declared parameter (or a group of them, as a settings table is): what it reads, and how
 * to read it from the request's bag. Made only by the builders below.
 */
export interface Param<T> {
  readonly fields: readonly ParamField[];
  read(params: Params): T;
}

export type Declaration = Readonly<Record<string, Param<unknown>>>;

/** What a handler receives: each declared key with its parsed type. */
export type Args<D extends Declaration> = { [K in keyof D]: D[K] extends Param<infer T> ? T : never };

interface ParamOptions {
  /** deprecated names still accepted (Zulip's ApiParamConfig aliases) */
  aliases?: string[];
}

const field = (name: string, presence: ParamField["presence"], decoder: Decoder<unknown> | undefined, options: ParamOptions, fallback?: unknown): ParamField => ({
  name,
  aliases: options.aliases ?? [],
  presence,
  decoder,
  ...(presence === "default" ? { fallback } : {}),
  from: "body-or-query",
});

export function required<T>(name: string, decoder: Decoder<T>, options: ParamOptions = {}): Param<T> {
  return { fields: [field(name, "required", decoder, options)], read: (params) => params.required(name, decoder, options.aliases) };
}

export function optional<T>(name: string, decoder: Decoder<T>, options: ParamOptions = {}): Param<T | undefined> {
  return { fields: [field(name, "optional", decoder, options)], read: (params) => params.optional(name, decoder, options.aliases) };
}

export function withDefault<T>(name: string, decoder: Decoder<T>, fallback: T, options: ParamOptions = {}): Param<T> {
  return { fields: [field(name, "default", decoder, options, fallback)], read: (params) => params.withDefault(name, decoder, fallback, options.aliases) };
}

/** Understood and not read: a parameter Zulip accepts for compatibility and ignores. */
export function accepted(name: string): Param<void> {
  return { fields: [field(name, "accepted", undefined, {})], read: (params) => params.accept(name) };
}

/**
 * Whether the request names a parameter at all, given with its own declaration elsewhere: for
 * the few endpoints whose answer depends on a parameter's presence, not only its value.
 */
export function given(name: string): Param<boolean> {
  return { fields: [], read: (params) => params.has(name) };
}

/** A declaration's parameters as one value: several parameters several endpoints share. */
export function declared<D extends Declaration>(declaration: D): Param<Args<D>> {
  return { fields: fieldsOf(declaration), read: (params) => parseArgs(declaration, params) };
}

/** Two parameters read in turn, for a check that needs both (then `refine`). */
export function pair<A, B>(first: Param<A>, second: Param<B>): Param<[A, B]> {
  return { fields: [...first.fields, ...second.fields], read: (params) => [first.read(params), second.read(params)] };
}

/**
 * A table's optional parameters (a settings table's), read in the table's order: the values
 * of those the request gives, by name.
 */
export function collect<T>(table: ReadonlyArray<readonly [string, Param<T | undefined>]>): Param<Map<string, T>> {
  return {
    fields: table.flatMap(([, param]) => param.fields),
    read(params) {
      const given = new Map<string, T>();
      for (const [name, param] of table) {
        const value = param.read(params);
        if (value !== undefined) given.set(name, value);
      }
      return given;
    },
  };
}

/** A parameter whose value is checked or converted further as it is read, in its turn. */
export function refine<T, U>(param: Param<T>, convert: (value: T) => U): Param<U> {
  return { fields: param.fields, read: (params) => convert(param.read(params)) };
}

/** The one place a request's declared parameters are read, in declaration order. */
export function parseArgs<D extends Declaration>(declaration: D, params: Params): Args<D> {
  const args: Record<string, unknown> = {};
  for (const [key, param] of Object.entries(declaration)) args[key] = param.read(params);
  return args as Args<D>;
}

/** The wire names a declaration reads. */
export const fieldsOf = (declaration: Declaration): ParamField[] => Object.values(declaration).flatMap((param) => param.fields);
