// /register sections whose data Beacon does not hold yet: drafts, muted users…
// They are sent empty, in the shapes clients expect.
export function emptySections(wants: (name: string) => boolean, _now: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (wants("alert_words")) out.alert_words = [];
  if (wants("realm_playgrounds")) out.realm_playgrounds = [];
  if (wants("realm_domains")) out.realm_domains = [];
  if (wants("realm_embedded_bots")) out.realm_embedded_bots = [];
  if (wants("realm_incoming_webhook_bots")) out.realm_incoming_webhook_bots = [];
  if (wants("custom_profile_fields")) {
    out.custom_profile_fields = [];
    out.custom_profile_field_types = {
      SHORT_TEXT: { id: 1, name: "Text (short)" },
      LONG_TEXT: { id: 2, name: "Text (long)" },
      SELECT: { id: 3, name: "List of options" },
      DATE: { id: 4, name: "Date picker" },
      URL: { id: 5, name: "Link" },
      USER: { id: 6, name: "Users" },
      EXTERNAL_ACCOUNT: { id: 7, name: "External account" },
      PRONOUNS: { id: 8, name: "Pronouns" },
    };
  }
  if (wants("scheduled_messages")) out.scheduled_messages = [];
  if (wants("reminders")) out.reminders = [];
  if (wants("stop_words")) out.stop_words = [];
  if (wants("navigation_views")) out.navigation_views = [];
  if (wants("video_calls")) Object.assign(out, { has_zoom_token: false, has_webex_token: false });
  if (wants("device")) out.devices = {};
  return out;
}
