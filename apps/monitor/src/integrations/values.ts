// Building blocks of the kinds' `checkValue` (`create-integration --value`): each throws an
// Error whose message the CLI prints after "--value: ".
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function httpUrl(v: unknown, what: string, required: boolean): string {
  if (v === undefined || v === "") {
    if (required) throw new Error(`${what} is required`);
    return "";
  }
  if (typeof v !== "string" || v.length > 1000) throw new Error(`${what} must be a URL of at most 1000 characters`);
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    throw new Error(`${what} must be an absolute http(s) URL`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error(`${what} must be an absolute http(s) URL`);
  return v;
}

export function requiredString(v: unknown, what: string, fallback?: string): string {
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== "string" || v === "") throw new Error(`${what} must be a non-empty string`);
  return v;
}

export function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new Error("--value must be JSON for this kind");
  }
}

export function jsonObject(raw: string): Record<string, unknown> {
  const doc = parseJson(raw);
  if (!isObject(doc)) throw new Error("--value must be a JSON object");
  return doc;
}
