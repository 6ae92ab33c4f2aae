// The URL table, read top to bottom, as Zulip's zproject/urls.py: method, path, who may call,
// handler. Every path is served under /api/v1 and, for the web app, under /json
// (http/endpoint.ts); `user` endpoints need an API key (or the web app's session), `open`
// ones need none. Each handler declares its parameters beside its code (http/declare.ts);
// `returns` gives the fields its success adds to the envelope (http/api-schemas.ts), for the
// API document, none unless given.
// The web app's pages and sign-in are in web-app.ts and web-auth.ts.
import { open, user, type Api, type Route } from "../http/endpoint.js";
import {
  ALERT_WORDS,
  COMPLETE,
  OWN_USER,
  REALM_PRESENCE,
  REGISTER,
  REMOVED,
  SUBSCRIBED,
  anyObject,
  arrayOf,
  bool,
  createdId,
  int,
  ints,
  mapOf,
  nullable,
  nullableInt,
  nullableStr,
  num,
  objectOf,
  ref,
  str,
} from "../http/api-schemas.js";
import * as alertWords from "./alert-words.js";
import * as auth from "./auth.js";
import * as bots from "./bots.js";
import * as channelFolders from "./channel-folders.js";
import * as channels from "./channels.js";
import * as customProfileFields from "./custom-profile-fields.js";
import * as defaultStreamGroups from "./default-stream-groups.js";
import * as deleteTopic from "./delete-topic.js";
import * as events from "./events.js";
import * as invites from "./invites.js";
import * as linkifiers from "./linkifiers.js";
import * as fetchMessages from "./messages-fetch.js";
import * as flags from "./message-flags.js";
import * as edit from "./message-edit.js";
import * as topics from "./topics.js";
import * as matchesNarrow from "./matches-narrow.js";
import * as reportMessage from "./report-message.js";
import * as navigationViews from "./navigation-views.js";
import * as playgrounds from "./playgrounds.js";
import * as presence from "./presence.js";
import * as profileData from "./profile-data.js";
import * as push from "./push.js";
import * as realmAdmin from "./realm-admin.js";
import * as realmDomains from "./realm-domains.js";
import * as realmEmoji from "./realm-emoji.js";
import * as realmSettings from "./realm-settings.js";
import * as registerState from "./register.js";
import * as reminders from "./scheduled-reminders.js";
import * as scheduledMessages from "./scheduled-messages.js";
import * as serverSettings from "./server-settings.js";
import * as settings from "./settings.js";
import * as signup from "./signup.js";
import * as subscriptions from "./subscriptions.js";
import * as subscriptionProperties from "./subscription-properties.js";
import * as channelUpdate from "./channel-update.js";
import * as typing from "./typing.js";
import * as uploads from "./uploads.js";
import * as userGroups from "./user-groups.js";
import * as groupMembers from "./group-members.js";
import * as users from "./users.js";
import * as botKeys from "./bot-keys.js";
import * as botStorage from "./bot-storage.js";
import * as drafts from "./drafts.js";
import * as reactions from "./reactions.js";
import * as send from "./messages-send.js";
import * as mutedUsers from "./muted-users.js";
import * as onboardingSteps from "./onboarding-steps.js";
import * as readReceipts from "./read-receipts.js";
import * as savedSnippets from "./saved-snippets.js";
import * as subscriptionsPatch from "./subscriptions-patch.js";
import * as userChannels from "./user-channels.js";
import * as userStatus from "./user-status.js";
import * as avatars from "./avatars.js";
import * as exports from "./exports.js";
import * as channelEmail from "./channel-email.js";
import * as submessages from "./submessages.js";
import * as realmImages from "./realm-images.js";
import * as videoCalls from "./video-calls.js";

export const ROUTES: readonly Route[] = [
  // The server
  open("GET", "/server_settings", serverSettings.serverSettings, { returns: { authentication_methods: mapOf(bool), external_authentication_methods: arrayOf(anyObject), zulip_feature_level: int, zulip_version: str, zulip_merge_base: str, push_notifications_enabled: bool, is_incompatible: bool, email_auth_enabled: bool, require_email_format_usernames: bool, "realm_uri?": str, "realm_url?": str, "realm_name?": str, "realm_icon?": str, "realm_description?": str, "realm_web_public_access_enabled?": bool } }),
  // Authentication
  open("POST", "/fetch_api_key", auth.fetchApiKey, { json: false, returns: { api_key: str, email: str, user_id: int } }),
  open("POST", "/accounts/register", signup.signUp, { json: false, returns: { user_id: int, email: str, api_key: str } }),
  // Invitations
  user("GET", "/invites", invites.listInvites, { returns: { invites: arrayOf(ref("Invite")) } }),
  user("POST", "/invites", invites.inviteUsers),
  user("POST", "/invites/multiuse", invites.createMultiuseInvite, { returns: { invite_link: str } }),
  user("DELETE", "/invites/multiuse/:invite_id", invites.revokeMultiuseInvite),
  user("DELETE", "/invites/:invite_id", invites.revokeInvite),
  user("POST", "/invites/:invite_id/resend", invites.resendInvite),
  // Subscriptions
  user("GET", "/users/me/subscriptions", subscriptions.listSubscriptions, { returns: { subscriptions: arrayOf(ref("Subscription")) } }),
  user("POST", "/users/me/subscriptions", subscriptions.subscribe, { returns: SUBSCRIBED }),
  user("PATCH", "/users/me/subscriptions", subscriptionsPatch.updateSubscriptions, { returns: { ...SUBSCRIBED, ...REMOVED } }),
  user("DELETE", "/users/me/subscriptions", subscriptions.unsubscribe, { returns: REMOVED }),
  user("POST", "/users/me/subscriptions/properties", subscriptionProperties.updateSubscriptionProperties),
  user("PATCH", "/users/me/subscriptions/:stream_id", subscriptionProperties.updateSubscriptionProperty),
  user("GET", "/users/:user_id/subscriptions/:stream_id", subscriptionProperties.isSubscribed, { returns: { is_subscribed: bool } }),
  // Users
  user("GET", "/users", users.listUsers, { returns: { members: arrayOf(ref("User")) } }),
  user("POST", "/users", users.createUserAccount, { returns: createdId("user_id") }),
  user("GET", "/users/me", users.ownUser, { returns: OWN_USER }),
  user("DELETE", "/users/me", users.deactivateOwnAccount),
  user("POST", "/users/me/api_key/regenerate", users.regenerateOwnApiKey, { returns: { api_key: str } }),
  user("GET", "/users/:user", users.getUser, { returns: { user: ref("User") } }),
  user("PATCH", "/users/:user", users.updateUser),
  user("DELETE", "/users/:user", users.deactivateUser),
  user("POST", "/users/:user_id/reactivate", users.reactivateUser),
  // User groups
  user("POST", "/user_groups/create", userGroups.createUserGroup, { returns: createdId("group_id") }),
  user("GET", "/user_groups", userGroups.listUserGroups, { returns: { user_groups: arrayOf(ref("UserGroup")) } }),
  user("PATCH", "/user_groups/:group_id", userGroups.updateUserGroup),
  user("POST", "/user_groups/:group_id/deactivate", userGroups.deactivateUserGroup),
  user("POST", "/user_groups/:group_id/members", groupMembers.changeMembers),
  user("POST", "/user_groups/:group_id/subgroups", groupMembers.changeSubgroups),
  user("GET", "/user_groups/:group_id/members", groupMembers.groupMembers, { returns: { members: ints } }),
  user("GET", "/user_groups/:group_id/members/:user_id", groupMembers.isGroupMember, { returns: { is_user_group_member: bool } }),
  user("GET", "/user_groups/:group_id/subgroups", groupMembers.groupSubgroups, { returns: { subgroups: ints } }),
  // Bots
  user("POST", "/bots", bots.createBot, { returns: { user_id: int, api_key: str, avatar_url: str, default_sending_stream: nullableStr, default_events_register_stream: nullableStr, default_all_public_streams: bool } }),
  user("GET", "/bots", bots.listBots, { returns: { bots: arrayOf(ref("Bot")) } }),
  user("DELETE", "/bots/:bot_id", bots.deactivateBot),
  user("GET", "/bots/:bot_id/api_key", botKeys.botApiKey, { returns: { api_key: str } }),
  user("POST", "/bots/:bot_id/api_key/regenerate", botKeys.regenerateBotApiKey, { returns: { api_key: str } }),
  user("GET", "/bot_storage", botStorage.getStorage, { returns: { storage: mapOf(str) } }),
  user("PUT", "/bot_storage", botStorage.putStorage),
  user("DELETE", "/bot_storage", botStorage.removeStorage),
  // Channels
  user("POST", "/channels/create", channels.createNewChannel, { returns: createdId("id") }),
  user("GET", "/streams", channels.listChannels, { returns: { streams: arrayOf(ref("Channel")) } }),
  user("GET", "/streams/:stream_id", channels.getChannel, { returns: { stream: ref("Channel") } }),
  user("PATCH", "/streams/:stream_id", channelUpdate.updateChannel),
  user("DELETE", "/streams/:stream_id", channels.archiveChannelById),
  user("GET", "/streams/:stream_id/members", channels.channelMembers, { returns: { subscribers: ints } }),
  user("GET", "/get_stream_id", channels.channelId, { returns: createdId("stream_id") }),
  user("POST", "/default_streams", channels.addDefaultChannel),
  user("DELETE", "/default_streams", channels.removeDefaultChannel),
  user("GET", "/streams/:stream_id/email_address", channelEmail.channelEmail, { returns: { email: str } }),
  user("POST", "/streams/:stream_id/delete_topic", deleteTopic.deleteTopic, { returns: COMPLETE }),
  user("POST", "/channel_folders/create", channelFolders.createChannelFolder, { returns: createdId("channel_folder_id") }),
  user("GET", "/channel_folders", channelFolders.listChannelFolders, { returns: { channel_folders: arrayOf(ref("ChannelFolder")) } }),
  user("PATCH", "/channel_folders", channelFolders.reorderChannelFolders),
  user("PATCH", "/channel_folders/:channel_folder_id", channelFolders.updateChannelFolder),
  user("POST", "/default_stream_groups/create", defaultStreamGroups.createDefaultStreamGroup),
  user("PATCH", "/default_stream_groups/:group_id", defaultStreamGroups.updateDefaultStreamGroupInfo),
  user("DELETE", "/default_stream_groups/:group_id", defaultStreamGroups.removeDefaultStreamGroup),
  user("PATCH", "/default_stream_groups/:group_id/streams", defaultStreamGroups.updateDefaultStreamGroupStreams),
  // Real-time events
  user("POST", "/register", registerState.registerQueue, { returns: REGISTER }),
  // Requests log through the app's logger: 10,000 idle clients each poll every 50 s.
  user("GET", "/events", events.getEvents, { sharedLogger: true, returns: { events: arrayOf(ref("Event")), "queue_id?": str } }),
  user("DELETE", "/events", events.deleteQueue),
  // Messages
  user("GET", "/messages", fetchMessages.getMessages, { returns: { messages: arrayOf(ref("Message")), "anchor?": int, "found_newest?": bool, "found_oldest?": bool, "found_anchor?": bool, history_limited: bool } }),
  user("POST", "/messages", send.sendMessage, { returns: { id: int, message_url: str, message_link: str, "automatic_new_visibility_policy?": int } }),
  user("GET", "/messages/:message_id", fetchMessages.getMessage, { returns: { message: ref("Message"), raw_content: str } }),
  user("PATCH", "/messages/:message_id", edit.editMessage, { returns: { detached_uploads: arrayOf(ref("Attachment")) } }),
  user("DELETE", "/messages/:message_id", edit.deleteMessage),
  user("GET", "/messages/:message_id/history", edit.messageHistory, { returns: { message_history: arrayOf(objectOf({ user_id: nullableInt, timestamp: int, "topic?": str, "content?": str, "rendered_content?": str })) } }),
  user("POST", "/messages/render", send.renderMessage, { returns: { rendered: str } }),
  user("POST", "/messages/:message_id/reactions", reactions.addReaction),
  user("DELETE", "/messages/:message_id/reactions", reactions.removeReaction),
  user("GET", "/messages/:message_id/read_receipts", readReceipts.readReceipts, { returns: { user_ids: ints } }),
  user("POST", "/messages/flags", flags.updateFlags, { returns: { messages: ints, "ignored_because_not_subscribed_channels?": ints } }),
  user("POST", "/messages/flags/narrow", flags.updateFlagsForNarrow, { returns: { processed_count: int, updated_count: int, first_processed_id: nullableInt, last_processed_id: nullableInt, found_oldest: bool, found_newest: bool, "ignored_because_not_subscribed_channels?": ints } }),
  user("POST", "/mark_all_as_read", flags.markAllAsRead, { returns: COMPLETE }),
  user("POST", "/mark_stream_as_read", flags.markChannelAsRead),
  user("POST", "/mark_topic_as_read", flags.markTopicAsRead),
  user("GET", "/users/me/:stream_id/topics", topics.channelTopics, { returns: { topics: arrayOf(objectOf({ max_id: int, name: str })) } }),
  user("POST", "/user_topics", topics.setUserTopic),
  user("PATCH", "/users/me/subscriptions/muted_topics", topics.muteTopic),
  user("GET", "/messages/matches_narrow", matchesNarrow.matchesNarrow, { returns: { messages: mapOf(objectOf({ match_content: str, match_subject: str })) } }),
  user("POST", "/messages/:message_id/report", reportMessage.reportMessage),
  user("POST", "/submessage", submessages.addSubmessage),
  user("GET", "/reminders", reminders.listReminders, { returns: { reminders: arrayOf(ref("Reminder")) } }),
  user("POST", "/reminders", reminders.scheduleReminder, { returns: createdId("reminder_id") }),
  user("DELETE", "/reminders/:reminder_id", reminders.deleteReminder),
  user("POST", "/typing", typing.setTypingStatus),
  user("POST", "/messages/:message_id/typing", typing.setEditTypingStatus),
  user("GET", "/calls/bigbluebutton/create", videoCalls.createBigBlueButtonCall, { returns: { url: str } }),
  user("GET", "/scheduled_messages", scheduledMessages.listScheduledMessages, { returns: { scheduled_messages: arrayOf(ref("ScheduledMessage")) } }),
  user("POST", "/scheduled_messages", scheduledMessages.scheduleMessage, { returns: createdId("scheduled_message_id") }),
  user("PATCH", "/scheduled_messages/:scheduled_message_id", scheduledMessages.editScheduledMessage),
  user("DELETE", "/scheduled_messages/:scheduled_message_id", scheduledMessages.deleteScheduledMessage),
  // The organization
  user("PATCH", "/realm", realmSettings.updateRealm, { returns: { "*": true } }),
  user("PATCH", "/realm/user_settings_defaults", realmSettings.updateUserSettingsDefaults),
  user("POST", "/realm/test_welcome_bot_custom_message", realmAdmin.testWelcomeBotMessage, { returns: createdId("message_id") }),
  user("POST", "/realm/deactivate", realmAdmin.deactivateRealm),
  user("GET", "/realm/domains", realmDomains.listDomains, { returns: { domains: arrayOf(ref("RealmDomain")) } }),
  user("POST", "/realm/domains", realmDomains.addDomain, { returns: { new_domain: { type: "array", prefixItems: [int, str], items: false } } }),
  user("PATCH", "/realm/domains/:domain", realmDomains.changeDomain),
  user("DELETE", "/realm/domains/:domain", realmDomains.removeDomain),
  user("POST", "/realm/playgrounds", playgrounds.addPlayground, { returns: createdId("id") }),
  user("DELETE", "/realm/playgrounds/:playground_id", playgrounds.removePlayground),
  user("GET", "/realm/linkifiers", linkifiers.listLinkifiers, { returns: { linkifiers: arrayOf(ref("Linkifier")) } }),
  user("PATCH", "/realm/linkifiers", linkifiers.reorderLinkifiers),
  user("POST", "/realm/filters", linkifiers.addLinkifier, { returns: createdId("id") }),
  user("PATCH", "/realm/filters/:filter_id", linkifiers.updateLinkifier),
  user("DELETE", "/realm/filters/:filter_id", linkifiers.removeLinkifier),
  user("GET", "/realm/profile_fields", customProfileFields.listFields, { returns: { custom_fields: arrayOf(ref("CustomProfileField")) } }),
  user("POST", "/realm/profile_fields", customProfileFields.createField, { returns: createdId("id") }),
  user("PATCH", "/realm/profile_fields", customProfileFields.reorderFields),
  user("PATCH", "/realm/profile_fields/:field_id", customProfileFields.updateField),
  user("DELETE", "/realm/profile_fields/:field_id", customProfileFields.deleteField),
  user("GET", "/realm/emoji", realmEmoji.listRealmEmoji, { returns: { emoji: mapOf(ref("RealmEmoji")) } }),
  user("POST", "/realm/emoji/*", realmEmoji.addRealmEmoji),
  user("DELETE", "/realm/emoji/*", realmEmoji.removeRealmEmoji),
  user("GET", "/realm/icon", realmImages.showIcon, { returns: "redirect" }),
  user("POST", "/realm/icon", realmImages.uploadIcon, { returns: { icon_url: str } }),
  user("DELETE", "/realm/icon", realmImages.deleteIcon, { returns: { icon_url: str } }),
  user("GET", "/realm/logo", realmImages.showLogo, { returns: "redirect" }),
  user("POST", "/realm/logo", realmImages.uploadLogo),
  user("DELETE", "/realm/logo", realmImages.deleteLogo),
  user("GET", "/realm/presence", presence.realmPresence, { returns: REALM_PRESENCE }),
  user("POST", "/export/realm", exports.requestExport, { returns: createdId("id") }),
  user("GET", "/export/realm", exports.listExports, { returns: { exports: arrayOf(ref("RealmExport")) } }),
  user("DELETE", "/export/realm/:export_id", exports.deleteExport),
  user("GET", "/export/realm/consents", exports.exportConsents, { returns: { export_consents: arrayOf(objectOf({ user_id: int, consented: nullable(bool) })) } }),
  // Mobile push notifications
  user("POST", "/register_client_device", push.registerClientDevice, { returns: createdId("device_id") }),
  user("POST", "/remove_client_device", push.removeClientDevice),
  user("POST", "/mobile_push/register", push.registerPushDevice),
  user("POST", "/mobile_push/e2ee/test_notification", push.testNotification),
  user("POST", "/mobile_push/test_notification", push.legacyTestNotification),
  user("POST", "/users/me/apns_device_token", push.addApnsToken),
  user("DELETE", "/users/me/apns_device_token", push.removeApnsToken),
  user("POST", "/users/me/android_gcm_reg_id", push.addFcmToken),
  user("DELETE", "/users/me/android_gcm_reg_id", push.removeFcmToken),
  // Uploaded files
  user("POST", "/user_uploads", uploads.uploadUserFile, { returns: { uri: str, url: str, filename: str } }),
  user("GET", "/user_uploads/:realm_id_str/*", uploads.temporaryUploadUrl, { returns: { url: str } }),
  user("GET", "/thumbnail/status/:realm_id_str/*", uploads.thumbnailStatus, { returns: { has_thumbnail: bool } }),
  user("GET", "/attachments", uploads.listAttachments, { returns: { attachments: arrayOf(ref("Attachment")), upload_space_used: int } }),
  user("DELETE", "/attachments/:attachment_id", uploads.deleteAttachment),
  // Per-user data
  user("PATCH", "/settings", settings.updateSettings),
  // compat: Zulip's deprecated aliases of PATCH /settings.
  user("PATCH", "/settings/display", settings.updateSettings),
  user("PATCH", "/settings/notifications", settings.updateSettings),
  user("POST", "/users/me/presence", presence.updatePresence, { returns: { "server_timestamp?": num, "presences?": mapOf(ref("Presence")), "presence_last_update_id?": int } }),
  user("GET", "/users/:user_id_or_email/presence", presence.userPresence, { returns: { server_timestamp: num, presence: ref("Presence") } }),
  user("PATCH", "/users/me/profile_data", profileData.updateProfileData),
  user("DELETE", "/users/me/profile_data", profileData.removeProfileData),
  user("GET", "/users/:user_id/channels", userChannels.userChannels, { returns: { subscribed_channel_ids: ints } }),
  user("POST", "/users/me/status", userStatus.updateOwnStatus),
  user("POST", "/users/:user_id/status", userStatus.updateUserStatus),
  user("GET", "/users/:user_id/status", userStatus.userStatus, { returns: { status: ref("UserStatus") } }),
  user("POST", "/users/me/muted_users/:muted_user_id", mutedUsers.muteUser),
  user("DELETE", "/users/me/muted_users/:muted_user_id", mutedUsers.unmuteUser),
  user("POST", "/users/me/onboarding_steps", onboardingSteps.markOnboardingStepRead),
  user("GET", "/saved_snippets", savedSnippets.listSavedSnippets, { returns: { saved_snippets: arrayOf(ref("SavedSnippet")) } }),
  user("POST", "/saved_snippets", savedSnippets.createSavedSnippet, { returns: createdId("saved_snippet_id") }),
  user("PATCH", "/saved_snippets/:saved_snippet_id", savedSnippets.editSavedSnippet),
  user("DELETE", "/saved_snippets/:saved_snippet_id", savedSnippets.deleteSavedSnippet),
  user("GET", "/navigation_views", navigationViews.listNavigationViews, { returns: { navigation_views: arrayOf(ref("NavigationView")) } }),
  user("POST", "/navigation_views", navigationViews.addNavigationView),
  user("PATCH", "/navigation_views/*", navigationViews.updateNavigationView),
  user("DELETE", "/navigation_views/*", navigationViews.removeNavigationView),
  user("POST", "/users/me/avatar", avatars.uploadAvatar, { returns: { avatar_url: str } }),
  user("DELETE", "/users/me/avatar", avatars.deleteAvatar, { returns: { avatar_url: str } }),
  user("GET", "/users/me/alert_words", alertWords.listAlertWords, { returns: ALERT_WORDS }),
  user("POST", "/users/me/alert_words", alertWords.addAlertWords, { returns: ALERT_WORDS }),
  user("DELETE", "/users/me/alert_words", alertWords.removeAlertWords, { returns: ALERT_WORDS }),
  user("GET", "/drafts", drafts.listDrafts, { returns: { count: int, drafts: arrayOf(ref("Draft")) } }),
  user("POST", "/drafts", drafts.createDrafts, { returns: { ids: ints } }),
  user("PATCH", "/drafts/:draft_id", drafts.editDraft),
  user("DELETE", "/drafts/:draft_id", drafts.deleteDraft),
];

export function registerRoutes(api: Api): void {
  api.serve(ROUTES);
  // Last: a known path called with a method it does not serve is 405, as Zulip.
  api.refuseOtherMethods();
}
