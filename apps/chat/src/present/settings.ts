// A user's personal settings as /register shows them: Zulip's defaults, overlaid with what the
// user changed (user_settings rows), the users columns (timezone, email_address_visibility) and
// the automatic follow/unmute settings kept in user_message_settings.
import type { UserMessageSettings } from "../store/message-settings.js";
import type { User } from "../store/users.js";
import { userSettings } from "./user-settings.js";

export function presentUserSettings(user: Pick<User, "timezone" | "email_address_visibility">, stored: Record<string, unknown>, message: UserMessageSettings): Record<string, unknown> {
  const out = userSettings(user.timezone);
  for (const [name, value] of Object.entries(stored)) if (name in out) out[name] = value;
  out.timezone = user.timezone;
  out.email_address_visibility = user.email_address_visibility;
  out.automatically_follow_topics_policy = message.automatically_follow_topics_policy;
  out.automatically_unmute_topics_in_muted_streams_policy = message.automatically_unmute_topics_in_muted_streams_policy;
  out.automatically_follow_topics_where_mentioned = Boolean(message.automatically_follow_topics_where_mentioned);
  return out;
}
