// What a profile shows beyond the user list: pure helpers for roles, local time and the
// organization's custom profile fields (Zulip's field types: 1 short text, 2 long text,
// 3 list of options, 4 date, 5 link, 6 users, 7 external account, 8 pronouns).

export const ROLE_NAMES: Record<number, string> = { 100: "Owner", 200: "Administrator", 300: "Moderator", 400: "Member", 600: "Guest" };

export function roleName(user: { role?: number; is_bot?: boolean }): string {
  if (user.is_bot) return "Bot";
  return (user.role !== undefined && ROLE_NAMES[user.role]) || "Member";
}

/** The time now where the person is ("3:05 PM"), or null when their zone is unknown. */
export function localTime(timezone: string | undefined, now: Date, twentyFourHour: boolean): string | null {
  if (!timezone) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", hour12: !twentyFourHour, timeZone: timezone }).format(now);
  } catch {
    return null;
  }
}

export interface ProfileField {
  id: number;
  name: string;
  type: number;
  hint?: string;
  field_data?: string;
  order: number;
}

export interface FieldValue {
  value: string;
  rendered_value?: string;
}

/** How one field's value shows: text, HTML the server rendered, a link, people, or nothing. */
export type ShownValue = { kind: "text"; text: string } | { kind: "html"; html: string } | { kind: "link"; href: string; text: string } | { kind: "people"; ids: number[] };

function parse(text: string | undefined): any {
  try {
    return JSON.parse(text ?? "");
  } catch {
    return null;
  }
}

/** A field's value as the profile shows it; null when the person left it empty. */
export function showField(field: ProfileField, value: FieldValue | undefined): ShownValue | null {
  if (!value || value.value === "" || value.value === null) return null;
  switch (field.type) {
    case 2:
      return value.rendered_value ? { kind: "html", html: value.rendered_value } : { kind: "text", text: value.value };
    case 3: {
      const options = parse(field.field_data) as Record<string, { text: string }> | null;
      return { kind: "text", text: options?.[value.value]?.text ?? value.value };
    }
    case 4:
      return { kind: "text", text: value.value };
    case 5:
      return /^https?:\/\//i.test(value.value) ? { kind: "link", href: value.value, text: value.value } : { kind: "text", text: value.value };
    case 6: {
      const ids = parse(value.value);
      return Array.isArray(ids) && ids.length ? { kind: "people", ids: ids.filter((id) => typeof id === "number") } : null;
    }
    case 7: {
      // An account on another site: its page is the field's pattern with the name in place of %(username)s.
      const data = parse(field.field_data) as { subtype?: string; url_pattern?: string } | null;
      const patterns: Record<string, string> = { github: "https://github.com/%(username)s", twitter: "https://x.com/%(username)s" };
      const pattern = data?.url_pattern || (data?.subtype ? patterns[data.subtype] : undefined);
      return pattern ? { kind: "link", href: pattern.replace("%(username)s", encodeURIComponent(value.value)), text: value.value } : { kind: "text", text: value.value };
    }
    default:
      return value.rendered_value ? { kind: "html", html: value.rendered_value } : { kind: "text", text: value.value };
  }
}
