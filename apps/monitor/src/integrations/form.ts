// Set-up forms of the dashboard, as data: each kind lists its fields and turns valid field
// values into the value stored in channels.value. The dashboard renders the fields
// (web/views/integrations.ts) and runs the checks common to every form here.
export type FieldType = "text" | "url" | "email" | "password" | "textarea" | "select" | "checkbox";

export interface FieldDef {
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  options?: [string, string][];
  placeholder?: string;
  help?: string;
  initial?: string | boolean;
}

export type FieldValues = Record<string, string | boolean>;

export interface KindForm {
  fields: FieldDef[];
  /**
   * Field values that passed the common checks -> the stored value: a string as is, an
   * object as its JSON. An error is shown above the form.
   */
  build(values: FieldValues): { ok: string | Record<string, unknown> } | { error: string };
  /** A stored value -> the edit form's values (password fields are blanked by the page). */
  read(value: string): FieldValues;
}

export const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** The host of a URL for one-line summaries; the text itself when it is not a URL. */
export function host(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** A stored JSON object; anything else reads as an empty one. */
export function parseConfig(value: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function isHttpUrl(value: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * A posted form -> the value to store. Blank secrets keep the previous value, so the edit
 * form never has to send a secret back to the browser.
 */
export function buildConfig(form: KindForm, posted: URLSearchParams, previous: Record<string, unknown> | null): { ok: string } | { error: string; values: FieldValues } {
  const values: FieldValues = {};
  for (const field of form.fields) {
    values[field.name] = field.type === "checkbox" ? posted.has(field.name) : (posted.get(field.name) ?? "").trim();
    if (field.type === "password" && values[field.name] === "" && previous) values[field.name] = str(previous[field.name]);
  }
  for (const field of form.fields) {
    const value = values[field.name];
    if (typeof value !== "string") continue;
    if (field.required && value === "") return { error: `${field.label}: this field is required.`, values };
    if (value !== "" && field.type === "url" && !isHttpUrl(value)) return { error: `${field.label}: enter an http:// or https:// URL.`, values };
    if (value !== "" && field.type === "email" && !EMAIL.test(value)) return { error: `${field.label}: enter a valid e-mail address.`, values };
    if (field.options && value !== "" && !field.options.some(([v]) => v === value)) return { error: `${field.label}: choose one of the options.`, values };
  }
  const built = form.build(values);
  if ("error" in built) return { error: built.error, values };
  return { ok: typeof built.ok === "string" ? built.ok : JSON.stringify(built.ok) };
}
