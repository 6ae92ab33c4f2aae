// One request to one route: path parameters, query string, body and headers, each either
// plausible (so the request reaches past the first check) or hostile.
import fc from "fast-check";
import { encodedBody, type Fields } from "./bodies.js";
import { pathParameters, type FuzzRoute } from "./routes.js";
import { brokenEncoding, headerText, hostileId, hostileString, hostileVariant, parameterValue, percentEncode, plausibleValue } from "./values.js";

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: Buffer;
}

/** What the server under test tells the fuzzer about itself; all optional but the routes. */
export interface RouteKnowledge {
  /** parameter names the route reads (from a probe, or declared by the test) */
  names: readonly string[];
  /** valid values for a parameter or path segment name, e.g. the ids of rows that exist */
  samples(name: string): readonly string[];
  /** headers a legitimate client sends (authentication, host) */
  headers: Record<string, string>;
  /** fields a legitimate form carries (a CSRF token) */
  fields: Record<string, string>;
  /** the body encoding the route reads: form fields (the default) or a JSON document */
  body?: "form" | "json";
}

// URLs this long never reach an application behind Node's HTTP parser (16 KiB of headers).
const MAX_URL_PART = 4000;

/** A path segment: a valid one half the time (so the rest of the request is exercised), else hostile. */
const segment = (name: string, known: RouteKnowledge): fc.Arbitrary<string> => {
  const samples = known.samples(name);
  const encode = (v: string) => percentEncode(v.slice(0, MAX_URL_PART)) || "x";
  return fc.oneof(
    { weight: samples.length ? 5 : 0, arbitrary: fc.constantFrom(...(samples.length ? samples : ["x"])).map(encode) },
    { weight: 3, arbitrary: parameterValue(samples).map(encode) },
    { weight: 1, arbitrary: hostileId },
    { weight: 1, arbitrary: brokenEncoding },
  );
};

function fillPath(path: string, values: string[], rest: string): string {
  let i = 0;
  return path.replace(/:([A-Za-z0-9_]+)/g, () => values[i++]).replace("*", rest);
}

const chance = (percent: number) => fc.integer({ min: 0, max: 99 }).map((n) => n < percent);

/**
 * The route's parameters, plausible all but one: a request that is valid but for one hostile
 * value reaches as far as that value can break something. Parameters the test gave valid
 * samples for are sent most of the time, others now and then; a stray one or two are added.
 */
function fields(known: RouteKnowledge): fc.Arbitrary<Fields> {
  const names = known.names;
  const present = fc.tuple(...names.map((name) => chance(known.samples(name).length ? 80 : 10)));
  const named = present.chain((keep) => {
    const chosen = names.filter((_, i) => keep[i]);
    const plausible = fc.tuple(...chosen.map((name) => plausibleValue(known.samples(name)).map((v): [string, string] => [name, v])));
    return fc.tuple(plausible, fc.nat({ max: chosen.length })).chain(([pairs, victim]) =>
      victim === pairs.length ? fc.constant(pairs) : hostileVariant(pairs[victim][1]).map((bad) => pairs.map((p, i): [string, string] => (i === victim ? [p[0], bad] : p))),
    );
  });
  const stray = fc.array(fc.tuple(fc.oneof(hostileString, fc.constantFrom("__proto__", "constructor", "a[b]", "a[]")), hostileString), { maxLength: 2 });
  const fixed = chance(90).map((keep) => (keep ? Object.entries(known.fields) : []));
  return fc.tuple(fixed, named, stray).map(([f, n, s]) => [...f, ...n, ...s]);
}

function query(fields: Fields): string {
  return fields.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v.slice(0, MAX_URL_PART))}`).join("&");
}

const mangledAuth = fc.oneof(
  fc.constantFrom("Basic", "Basic ", "Basic !!!", "Basic " + Buffer.from("a:b:c").toString("base64"), "Basic " + Buffer.from("\u0000:\u0000").toString("base64"), "Basic " + Buffer.from("x").toString("base64"), "Bearer x", "basic Og=="),
  headerText,
);

function headers(known: RouteKnowledge): fc.Arbitrary<Record<string, string>> {
  const auth = Object.keys(known.headers).find((h) => h.toLowerCase() === "authorization" || h.toLowerCase() === "x-api-key");
  const legit = fc.oneof(
    { weight: 8, arbitrary: fc.constant(known.headers) },
    { weight: 1, arbitrary: fc.constant(Object.fromEntries(Object.entries(known.headers).filter(([h]) => h !== auth))) },
    { weight: 1, arbitrary: mangledAuth.map((value) => ({ ...known.headers, [auth ?? "authorization"]: value })) },
  );
  const extra = fc.dictionary(fc.constantFrom("x-forwarded-for", "user-agent", "accept", "accept-language", "cookie", "origin", "referer", "x-requested-with", "if-none-match", "range"), headerText, { maxKeys: 2 });
  return fc.tuple(legit, extra).map(([a, b]) => ({ ...b, ...a }));
}

/** Requests for one route: the route's method most of the time, another one now and then. */
export function requestFor(route: FuzzRoute, known: RouteKnowledge): fc.Arbitrary<FuzzRequest> {
  const names = pathParameters(route.path);
  const method = fc.oneof({ weight: 9, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD") });
  const path = fc.tuple(fc.tuple(...names.map((n) => segment(n, known))), segment("*", known)).map(([values, rest]) => fillPath(route.path, values, rest));
  return fc.tuple(method, path, fields(known), chance(20), headers(known)).chain(([m, p, f, inQuery, h]) => {
    const withBody = m !== "GET" && m !== "HEAD" && !inQuery;
    const url = withBody || f.length === 0 ? p : `${p}?${query(f)}`;
    if (!withBody) return fc.constant<FuzzRequest>({ method: m, url, headers: h });
    return encodedBody(f, known.body).map((body): FuzzRequest => ({
      method: m,
      url,
      headers: body.contentType === null ? h : { ...h, "content-type": body.contentType },
      payload: body.payload,
    }));
  });
}
