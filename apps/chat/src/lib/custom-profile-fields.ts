// Custom profile field types and Zulip's validation of field definitions and of user values.
// Every function throws a message string (Zulip's JsonableError text) or returns the value.
export const SHORT_TEXT = 1;
export const LONG_TEXT = 2;
export const SELECT = 3;
export const DATE = 4;
export const URL_TYPE = 5;
export const USER = 6;
export const EXTERNAL_ACCOUNT = 7;
export const PRONOUNS = 8;
export const FIELD_TYPES = [SHORT_TEXT, LONG_TEXT, SELECT, DATE, URL_TYPE, USER, EXTERNAL_ACCOUNT, PRONOUNS];
/** Types whose values are Markdown and carry a rendered_value. */
export const RENDERED_TYPES = [SHORT_TEXT, LONG_TEXT];

export const NAME_MAX_LENGTH = 40;
export const HINT_MAX_LENGTH = 80;
export const MAX_DISPLAY_IN_PROFILE_SUMMARY = 2;

/** Zulip's DEFAULT_EXTERNAL_ACCOUNTS, in its order (/register's realm_default_external_accounts). */
export const DEFAULT_EXTERNAL_ACCOUNTS: Record<string, { text: string; name: string; hint: string; urlPattern: string }> = {
  twitter: { text: "Twitter", name: "Twitter username", hint: "", urlPattern: "https://twitter.com/%(username)s" },
  github: { text: "GitHub", name: "GitHub username", hint: "", urlPattern: "https://github.com/%(username)s" },
};

export class FieldError extends Error {}
const fail = (msg: string): never => {
  throw new FieldError(msg);
};

export type FieldData = Record<string, unknown>;

export function isDefaultExternalField(type: number, data: FieldData): boolean {
  return type === EXTERNAL_ACCOUNT && typeof data.subtype === "string" && data.subtype in DEFAULT_EXTERNAL_ACCOUNTS;
}

export function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return ["http:", "https:", "ftp:", "ftps:"].includes(url.protocol) && url.hostname.length > 0 && !/\s/.test(value);
  } catch {
    return false;
  }
}

function checkSelectData(data: FieldData): void {
  if (Object.keys(data).length < 1) fail("Field must have at least one choice.");
  const texts = new Set<string>();
  for (const [key, raw] of Object.entries(data)) {
    if (!key.trim()) fail("'value' cannot be blank.");
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) fail(`field_data is not a dict`);
    const choice = raw as Record<string, unknown>;
    for (const k of ["text", "order"]) {
      if (!(k in choice)) fail(`${k} key is missing from field_data`);
      if (typeof choice[k] !== "string") fail(`field_data["${k}"] is not a string`);
      if (!(choice[k] as string).trim()) fail(`field_data["${k}"] cannot be blank.`);
    }
    const extra = Object.keys(choice).filter((k) => k !== "text" && k !== "order");
    if (extra.length) fail(`Unexpected arguments: ${extra.join(", ")}`);
    texts.add(choice.text as string);
  }
  if (texts.size !== Object.keys(data).length) fail("Field must not have duplicate choices.");
}

function checkExternalAccountData(data: FieldData): void {
  if (!("subtype" in data)) fail("subtype key is missing from field_data");
  if (typeof data.subtype !== "string") fail('field_data["subtype"] is not a string');
  if (!(data.subtype as string).trim()) fail('field_data["subtype"] cannot be blank.');
  const extra = Object.keys(data).filter((k) => k !== "subtype" && k !== "url_pattern");
  if (extra.length) fail(`Unexpected arguments: ${extra.join(", ")}`);
  if ("url_pattern" in data) {
    const pattern = data.url_pattern;
    if (typeof pattern !== "string") fail('field_data["url_pattern"] is not a string');
    if ((pattern as string).split("%(username)s").length !== 2) fail("URL pattern must contain '%(username)s'.");
    if (!isUrl((pattern as string).replace("%(username)s", "username"))) fail('field_data["url_pattern"] is not a URL');
  }
  if (!(data.subtype as string in DEFAULT_EXTERNAL_ACCOUNTS)) {
    if (data.subtype !== "custom") fail("Invalid external account type");
    if (!("url_pattern" in data)) fail("Custom external account must define URL pattern");
  }
}

/** validate_custom_profile_field: data first, then name and hint, then the type. */
export function checkFieldDefinition(input: { name: string; hint: string; type: number; data: FieldData; displayInProfileSummary: boolean }): void {
  if (input.type === SELECT) checkSelectData(input.data);
  else if (input.type === EXTERNAL_ACCOUNT) checkExternalAccountData(input.data);
  if (!isDefaultExternalField(input.type, input.data)) {
    if (!input.name.trim()) fail("Label cannot be blank.");
    if ([...input.hint].length > HINT_MAX_LENGTH) fail("Hint is too long.");
    if ([...input.name].length > NAME_MAX_LENGTH) fail("Name is too long.");
  }
  if (!FIELD_TYPES.includes(input.type)) fail("Invalid field type.");
  if (input.displayInProfileSummary && (input.type === LONG_TEXT || input.type === USER)) fail("Field type not supported for display in profile summary.");
}

export interface ValueContext {
  fieldName: string;
  type: number;
  data: FieldData;
  /** the realm's users, to check user-type values */
  users: Map<number, { is_active: number; is_bot: number }>;
}

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

function cappedString(value: unknown, name: string, max: number): string {
  if (typeof value !== "string") return fail(`${name} is not a string`);
  if ([...value].length > max) fail(`${name} is too long (limit: ${max} characters)`);
  return value;
}

/**
 * validate_user_custom_profile_field: returns the value as Zulip stores it (a string; a user
 * list as Python prints it, "[1, 2]").
 */
export function checkFieldValue(value: unknown, ctx: ValueContext): string {
  const name = ctx.fieldName;
  switch (ctx.type) {
    case SHORT_TEXT:
    case EXTERNAL_ACCOUNT:
    case PRONOUNS:
      return cappedString(value, name, 50);
    case LONG_TEXT:
      return cappedString(value, name, 500);
    case DATE: {
      if (typeof value !== "string") return fail(`${name} is not a string`);
      return isDate(value) ? value : fail(`${name} is not a date`);
    }
    case URL_TYPE: {
      if (typeof value !== "string") return fail(`${name} is not a string`);
      return isUrl(value) ? value : fail(`${name} is not a URL`);
    }
    case SELECT: {
      if (typeof value !== "string" || !(value in ctx.data)) return fail(`'${String(value)}' is not a valid choice for '${name}'.`);
      return value;
    }
    case USER: {
      if (!Array.isArray(value)) return fail("User IDs is not a list");
      for (const id of value) {
        if (typeof id !== "number" || !Number.isSafeInteger(id)) fail(`User IDs[${value.indexOf(id)}] is not an integer`);
        const user = ctx.users.get(id);
        if (!user) fail(`Invalid user ID: ${id}`);
        if (!user!.is_active) fail(`User with ID ${id} is deactivated`);
        if (user!.is_bot) fail(`User with ID ${id} is a bot`);
      }
      return `[${(value as number[]).join(", ")}]`;
    }
    default:
      return fail("Invalid field type.");
  }
}

/** null, "" and [] clear a user's value. */
export const isClearing = (value: unknown) => value === null || value === "" || (Array.isArray(value) && value.length === 0);
