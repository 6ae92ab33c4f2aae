// The personal settings PATCH /settings changes: each one's wire validator, where it is
// stored and Zulip's default. Most live as user_settings rows (only what differs from the
// default); the time zone and the e-mail address visibility are users columns; the automatic
// follow/unmute settings belong to user_message_settings, which the message send path reads.
import { BadRequestError } from "./errors.js";
import { bool, int, oneOf, type Validator } from "./validators.js";

export type SettingStorage = "kv" | "message" | "timezone" | "email_visibility";

export interface UserSettingSpec {
  validator: Validator<unknown>;
  /** the value arrives bare, not JSON-encoded */
  bare?: boolean;
  storage: SettingStorage;
}

const flag: UserSettingSpec = { validator: bool, storage: "kv" };
const choice = (values: number[]): UserSettingSpec => ({ validator: oneOf(values), storage: "kv" });
const words = (values: string[]): UserSettingSpec => ({ validator: (v, path) => oneOf(values)(v, path), bare: true, storage: "kv" });
const any: UserSettingSpec = { validator: (v) => v, bare: true, storage: "kv" };

export const NOTIFICATION_SOUNDS = ["chime-saved", "ding", "zulip"];
export const EMOJISETS = ["google", "twitter", "text"];

/** Zulip's language codes with the names user_settings events carry for default_language. */
export const LANGUAGES: Record<string, string> = {
  en: "English", ar: "العربية", be: "Беларуская", bg: "български", bn: "বাংলা", ca: "català", cs: "česky", cy: "Cymraeg",
  da: "Dansk", de: "Deutsch", el: "Ελληνικά", en_GB: "English (United Kingdom)", eo: "Esperanto", es: "español", fa: "فارسی",
  fi: "suomi", fr: "français", gl: "galego", gu: "ગુજરાતી", hi: "हिंदी", hu: "Magyar", id: "Bahasa Indonesia", it: "italiano",
  ja: "日本語", ko: "한국어", lt: "Lietuviškai", lv: "latviešu", ml: "മലയാളം", mn: "Монгол", nl: "Nederlands", no: "norsk",
  pl: "polski", pt: "português", pt_BR: "Português Brasileiro", pt_PT: "Português (Portugal)", ro: "română", ru: "Русский",
  si: "සිංහල", sk: "slovenčina", sr: "српски", sv: "svenska", ta: "தமிழ்", te: "తెలుగు", tl: "Tagalog", tr: "Türkçe",
  uk: "Українська", uz: "o‘zbek", vi: "Tiếng Việt", "zh-hans": "简体中文", "zh-hant": "繁體中文",
};

export const USER_SETTINGS: Record<string, UserSettingSpec> = {
  twenty_four_hour_time: flag,
  web_mark_read_on_scroll_policy: choice([1, 2, 3]),
  web_channel_default_view: choice([1, 2, 3, 4]),
  starred_message_counts: flag,
  receives_typing_notifications: flag,
  web_suggest_update_timezone: flag,
  fluid_layout_width: flag,
  high_contrast_mode: flag,
  web_font_size_px: { validator: int(), storage: "kv" },
  web_line_height_percent: { validator: int(), storage: "kv" },
  color_scheme: choice([1, 2, 3]),
  enable_drafts_synchronization: flag,
  translate_emoticons: flag,
  display_emoji_reaction_users: flag,
  default_language: any,
  web_home_view: words(["recent", "inbox", "all_messages"]),
  web_escape_navigates_to_home_view: flag,
  left_side_userlist: flag,
  emojiset: words(EMOJISETS),
  demote_inactive_streams: choice([1, 2, 3]),
  user_list_style: choice([1, 2, 3]),
  web_animate_image_previews: words(["always", "on_hover", "never"]),
  web_stream_unreads_count_display_policy: choice([1, 2, 3]),
  hide_ai_features: flag,
  web_inbox_show_channel_folders: flag,
  web_left_sidebar_show_channel_folders: flag,
  web_left_sidebar_unreads_count_summary: flag,
  timezone: { validator: (v) => v, bare: true, storage: "timezone" },
  enable_stream_desktop_notifications: flag,
  enable_stream_email_notifications: flag,
  enable_stream_push_notifications: flag,
  enable_stream_audible_notifications: flag,
  notification_sound: any,
  enable_desktop_notifications: flag,
  enable_sounds: flag,
  email_notifications_batching_period_seconds: { validator: int(), storage: "kv" },
  enable_offline_email_notifications: flag,
  enable_offline_push_notifications: flag,
  enable_online_push_notifications: flag,
  enable_followed_topic_desktop_notifications: flag,
  enable_followed_topic_email_notifications: flag,
  enable_followed_topic_push_notifications: flag,
  enable_followed_topic_audible_notifications: flag,
  enable_digest_emails: flag,
  enable_marketing_emails: flag,
  enable_login_emails: flag,
  message_content_in_email_notifications: flag,
  pm_content_in_desktop_notifications: flag,
  wildcard_mentions_notify: flag,
  enable_followed_topic_wildcard_mentions_notify: flag,
  desktop_icon_count_display: choice([1, 2, 3, 4]),
  realm_name_in_email_notifications_policy: choice([1, 2, 3]),
  automatically_follow_topics_policy: { validator: oneOf([1, 2, 3, 4]), storage: "message" },
  automatically_unmute_topics_in_muted_streams_policy: { validator: oneOf([1, 2, 3, 4]), storage: "message" },
  automatically_follow_topics_where_mentioned: { validator: bool, storage: "message" },
  resolved_topic_notice_auto_read_policy: words(["always", "except_followed", "never"]),
  presence_enabled: flag,
  enter_sends: flag,
  send_private_typing_notifications: flag,
  send_stream_typing_notifications: flag,
  send_read_receipts: flag,
  allow_private_data_export: flag,
  email_address_visibility: { validator: oneOf([1, 2, 3, 4, 5]), storage: "email_visibility" },
  web_navigate_to_sent_message: flag,
};

/** Not realm defaults: identity, and security settings only each user decides (Zulip's RealmUserDefault). */
export const NOT_REALM_DEFAULTS = new Set(["timezone", "default_language", "enable_login_emails", "enable_marketing_emails", "allow_private_data_export"]);

/** Zulip's SECURITY_SENSITIVE_USER_SETTINGS: an administrator may not change them for others. */
export const SECURITY_SENSITIVE_USER_SETTINGS = new Set([
  "allow_private_data_export",
  "email_address_visibility",
  "enable_digest_emails",
  "enable_login_emails",
  "enable_marketing_emails",
  "presence_enabled",
  "send_private_typing_notifications",
  "send_read_receipts",
  "send_stream_typing_notifications",
]);

const ONE_WEEK_SECONDS = 7 * 24 * 60 * 60;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The checks Zulip makes after parsing (check_settings_values and the time zone validator). */
export function checkSettingValues(changes: Record<string, unknown>): void {
  const language = changes.default_language as string | undefined;
  if (language !== undefined && !(language in LANGUAGES)) throw new BadRequestError("Invalid default_language");
  const sound = changes.notification_sound as string | undefined;
  if (sound !== undefined && sound !== "none" && !NOTIFICATION_SOUNDS.includes(sound)) throw new BadRequestError(`Invalid notification sound '${sound}'`);
  const batching = changes.email_notifications_batching_period_seconds as number | undefined;
  if (batching !== undefined && (batching <= 0 || batching > ONE_WEEK_SECONDS)) throw new BadRequestError(`Invalid email batching period: ${batching} seconds`);
  const zone = changes.timezone as string | undefined;
  // An empty time zone means "not set", as for a new account.
  if (zone !== undefined && zone !== "" && !isTimeZone(zone)) throw new BadRequestError("timezone is not a recognized time zone");
}
