// A user's personal settings as /register shows them: Zulip's defaults, overlaid with what the
// user changed (user_settings rows), the users.timezone column and the automatic follow/unmute
// settings kept in user_message_settings.
import type { UserMessageSettings } from "../store/message-settings.js";
import { userSettings } from "./user-settings.js";

export function presentUserSettings(timezone: string, stored: Record<string, unknown>, message: UserMessageSettings): Record<string, unknown> {
  const out = userSettings(timezone);
  for (const [name, value] of Object.entries(stored)) if (name in out) out[name] = value;
  out.timezone = timezone;
  out.automatically_follow_topics_policy = message.automatically_follow_topics_policy;
  out.automatically_unmute_topics_in_muted_streams_policy = message.automatically_unmute_topics_in_muted_streams_policy;
  out.automatically_follow_topics_where_mentioned = Boolean(message.automatically_follow_topics_where_mentioned);
  return out;
}
