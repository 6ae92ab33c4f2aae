// The URL table, read top to bottom, as Zulip's zproject/urls.py: method, path, who may call,
// handler. Every path is served under /api/v1 and, for the web app, under /json
// (http/endpoint.ts); `user` endpoints need an API key (or the web app's session), `open`
// ones need none. Each handler declares its parameters beside its code (http/declare.ts).
// The web app's pages and sign-in are in web-app.ts and web-auth.ts.
import { open, user, type Api, type Route } from "../http/endpoint.js";
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
  open("GET", "/server_settings", serverSettings.serverSettings),
  // Authentication
  open("POST", "/fetch_api_key", auth.fetchApiKey, { json: false }),
  open("POST", "/accounts/register", signup.signUp, { json: false }),
  // Invitations
  user("GET", "/invites", invites.listInvites),
  user("POST", "/invites", invites.inviteUsers),
  user("POST", "/invites/multiuse", invites.createMultiuseInvite),
  user("DELETE", "/invites/multiuse/:invite_id", invites.revokeMultiuseInvite),
  user("DELETE", "/invites/:invite_id", invites.revokeInvite),
  user("POST", "/invites/:invite_id/resend", invites.resendInvite),
  // Subscriptions
  user("GET", "/users/me/subscriptions", subscriptions.listSubscriptions),
  user("POST", "/users/me/subscriptions", subscriptions.subscribe),
  user("PATCH", "/users/me/subscriptions", subscriptionsPatch.updateSubscriptions),
  user("DELETE", "/users/me/subscriptions", subscriptions.unsubscribe),
  user("POST", "/users/me/subscriptions/properties", subscriptionProperties.updateSubscriptionProperties),
  user("PATCH", "/users/me/subscriptions/:stream_id", subscriptionProperties.updateSubscriptionProperty),
  user("GET", "/users/:user_id/subscriptions/:stream_id", subscriptionProperties.isSubscribed),
  // Users
  user("GET", "/users", users.listUsers),
  user("POST", "/users", users.createUserAccount),
  user("GET", "/users/me", users.ownUser),
  user("DELETE", "/users/me", users.deactivateOwnAccount),
  user("POST", "/users/me/api_key/regenerate", users.regenerateOwnApiKey),
  user("GET", "/users/:user", users.getUser),
  user("PATCH", "/users/:user", users.updateUser),
  user("DELETE", "/users/:user", users.deactivateUser),
  user("POST", "/users/:user_id/reactivate", users.reactivateUser),
  // User groups
  user("POST", "/user_groups/create", userGroups.createUserGroup),
  user("GET", "/user_groups", userGroups.listUserGroups),
  user("PATCH", "/user_groups/:group_id", userGroups.updateUserGroup),
  user("POST", "/user_groups/:group_id/deactivate", userGroups.deactivateUserGroup),
  user("POST", "/user_groups/:group_id/members", groupMembers.changeMembers),
  user("POST", "/user_groups/:group_id/subgroups", groupMembers.changeSubgroups),
  user("GET", "/user_groups/:group_id/members", groupMembers.groupMembers),
  user("GET", "/user_groups/:group_id/members/:user_id", groupMembers.isGroupMember),
  user("GET", "/user_groups/:group_id/subgroups", groupMembers.groupSubgroups),
  // Bots
  user("POST", "/bots", bots.createBot),
  user("GET", "/bots", bots.listBots),
  user("DELETE", "/bots/:bot_id", bots.deactivateBot),
  user("GET", "/bots/:bot_id/api_key", botKeys.botApiKey),
  user("POST", "/bots/:bot_id/api_key/regenerate", botKeys.regenerateBotApiKey),
  user("GET", "/bot_storage", botStorage.getStorage),
  user("PUT", "/bot_storage", botStorage.putStorage),
  user("DELETE", "/bot_storage", botStorage.removeStorage),
  // Channels
  user("POST", "/channels/create", channels.createNewChannel),
  user("GET", "/streams", channels.listChannels),
  user("GET", "/streams/:stream_id", channels.getChannel),
  user("PATCH", "/streams/:stream_id", channelUpdate.updateChannel),
  user("DELETE", "/streams/:stream_id", channels.archiveChannelById),
  user("GET", "/streams/:stream_id/members", channels.channelMembers),
  user("GET", "/get_stream_id", channels.channelId),
  user("POST", "/default_streams", channels.addDefaultChannel),
  user("DELETE", "/default_streams", channels.removeDefaultChannel),
  user("GET", "/streams/:stream_id/email_address", channelEmail.channelEmail),
  user("POST", "/streams/:stream_id/delete_topic", deleteTopic.deleteTopic),
  user("POST", "/channel_folders/create", channelFolders.createChannelFolder),
  user("GET", "/channel_folders", channelFolders.listChannelFolders),
  user("PATCH", "/channel_folders", channelFolders.reorderChannelFolders),
  user("PATCH", "/channel_folders/:channel_folder_id", channelFolders.updateChannelFolder),
  user("POST", "/default_stream_groups/create", defaultStreamGroups.createDefaultStreamGroup),
  user("PATCH", "/default_stream_groups/:group_id", defaultStreamGroups.updateDefaultStreamGroupInfo),
  user("DELETE", "/default_stream_groups/:group_id", defaultStreamGroups.removeDefaultStreamGroup),
  user("PATCH", "/default_stream_groups/:group_id/streams", defaultStreamGroups.updateDefaultStreamGroupStreams),
  // Real-time events
  user("POST", "/register", registerState.registerQueue),
  // Requests log through the app's logger: 10,000 idle clients each poll every 50 s.
  user("GET", "/events", events.getEvents, { sharedLogger: true }),
  user("DELETE", "/events", events.deleteQueue),
  // Messages
  user("GET", "/messages", fetchMessages.getMessages),
  user("POST", "/messages", send.sendMessage),
  user("GET", "/messages/:message_id", fetchMessages.getMessage),
  user("PATCH", "/messages/:message_id", edit.editMessage),
  user("DELETE", "/messages/:message_id", edit.deleteMessage),
  user("GET", "/messages/:message_id/history", edit.messageHistory),
  user("POST", "/messages/render", send.renderMessage),
  user("POST", "/messages/:message_id/reactions", reactions.addReaction),
  user("DELETE", "/messages/:message_id/reactions", reactions.removeReaction),
  user("GET", "/messages/:message_id/read_receipts", readReceipts.readReceipts),
  user("POST", "/messages/flags", flags.updateFlags),
  user("POST", "/messages/flags/narrow", flags.updateFlagsForNarrow),
  user("POST", "/mark_all_as_read", flags.markAllAsRead),
  user("POST", "/mark_stream_as_read", flags.markChannelAsRead),
  user("POST", "/mark_topic_as_read", flags.markTopicAsRead),
  user("GET", "/users/me/:stream_id/topics", topics.channelTopics),
  user("POST", "/user_topics", topics.setUserTopic),
  user("PATCH", "/users/me/subscriptions/muted_topics", topics.muteTopic),
  user("GET", "/messages/matches_narrow", matchesNarrow.matchesNarrow),
  user("POST", "/messages/:message_id/report", reportMessage.reportMessage),
  user("POST", "/submessage", submessages.addSubmessage),
  user("GET", "/reminders", reminders.listReminders),
  user("POST", "/reminders", reminders.scheduleReminder),
  user("DELETE", "/reminders/:reminder_id", reminders.deleteReminder),
  user("POST", "/typing", typing.setTypingStatus),
  user("POST", "/messages/:message_id/typing", typing.setEditTypingStatus),
  user("GET", "/calls/bigbluebutton/create", videoCalls.createBigBlueButtonCall),
  user("GET", "/scheduled_messages", scheduledMessages.listScheduledMessages),
  user("POST", "/scheduled_messages", scheduledMessages.scheduleMessage),
  user("PATCH", "/scheduled_messages/:scheduled_message_id", scheduledMessages.editScheduledMessage),
  user("DELETE", "/scheduled_messages/:scheduled_message_id", scheduledMessages.deleteScheduledMessage),
  // The organization
  user("PATCH", "/realm", realmSettings.updateRealm),
  user("PATCH", "/realm/user_settings_defaults", realmSettings.updateUserSettingsDefaults),
  user("POST", "/realm/test_welcome_bot_custom_message", realmAdmin.testWelcomeBotMessage),
  user("POST", "/realm/deactivate", realmAdmin.deactivateRealm),
  user("GET", "/realm/domains", realmDomains.listDomains),
  user("POST", "/realm/domains", realmDomains.addDomain),
  user("PATCH", "/realm/domains/:domain", realmDomains.changeDomain),
  user("DELETE", "/realm/domains/:domain", realmDomains.removeDomain),
  user("POST", "/realm/playgrounds", playgrounds.addPlayground),
  user("DELETE", "/realm/playgrounds/:playground_id", playgrounds.removePlayground),
  user("GET", "/realm/linkifiers", linkifiers.listLinkifiers),
  user("PATCH", "/realm/linkifiers", linkifiers.reorderLinkifiers),
  user("POST", "/realm/filters", linkifiers.addLinkifier),
  user("PATCH", "/realm/filters/:filter_id", linkifiers.updateLinkifier),
  user("DELETE", "/realm/filters/:filter_id", linkifiers.removeLinkifier),
  user("GET", "/realm/profile_fields", customProfileFields.listFields),
  user("POST", "/realm/profile_fields", customProfileFields.createField),
  user("PATCH", "/realm/profile_fields", customProfileFields.reorderFields),
  user("PATCH", "/realm/profile_fields/:field_id", customProfileFields.updateField),
  user("DELETE", "/realm/profile_fields/:field_id", customProfileFields.deleteField),
  user("GET", "/realm/emoji", realmEmoji.listRealmEmoji),
  user("POST", "/realm/emoji/*", realmEmoji.addRealmEmoji),
  user("DELETE", "/realm/emoji/*", realmEmoji.removeRealmEmoji),
  user("GET", "/realm/icon", realmImages.showIcon),
  user("POST", "/realm/icon", realmImages.uploadIcon),
  user("DELETE", "/realm/icon", realmImages.deleteIcon),
  user("GET", "/realm/logo", realmImages.showLogo),
  user("POST", "/realm/logo", realmImages.uploadLogo),
  user("DELETE", "/realm/logo", realmImages.deleteLogo),
  user("GET", "/realm/presence", presence.realmPresence),
  user("POST", "/export/realm", exports.requestExport),
  user("GET", "/export/realm", exports.listExports),
  user("DELETE", "/export/realm/:export_id", exports.deleteExport),
  user("GET", "/export/realm/consents", exports.exportConsents),
  // Mobile push notifications
  user("POST", "/register_client_device", push.registerClientDevice),
  user("POST", "/remove_client_device", push.removeClientDevice),
  user("POST", "/mobile_push/register", push.registerPushDevice),
  user("POST", "/mobile_push/e2ee/test_notification", push.testNotification),
  user("POST", "/mobile_push/test_notification", push.legacyTestNotification),
  user("POST", "/users/me/apns_device_token", push.addApnsToken),
  user("DELETE", "/users/me/apns_device_token", push.removeApnsToken),
  user("POST", "/users/me/android_gcm_reg_id", push.addFcmToken),
  user("DELETE", "/users/me/android_gcm_reg_id", push.removeFcmToken),
  // Uploaded files
  user("POST", "/user_uploads", uploads.uploadUserFile),
  user("GET", "/user_uploads/:realm_id_str/*", uploads.temporaryUploadUrl),
  user("GET", "/thumbnail/status/:realm_id_str/*", uploads.thumbnailStatus),
  user("GET", "/attachments", uploads.listAttachments),
  user("DELETE", "/attachments/:attachment_id", uploads.deleteAttachment),
  // Per-user data
  user("PATCH", "/settings", settings.updateSettings),
  // compat: Zulip's deprecated aliases of PATCH /settings.
  user("PATCH", "/settings/display", settings.updateSettings),
  user("PATCH", "/settings/notifications", settings.updateSettings),
  user("POST", "/users/me/presence", presence.updatePresence),
  user("GET", "/users/:user_id_or_email/presence", presence.userPresence),
  user("PATCH", "/users/me/profile_data", profileData.updateProfileData),
  user("DELETE", "/users/me/profile_data", profileData.removeProfileData),
  user("GET", "/users/:user_id/channels", userChannels.userChannels),
  user("POST", "/users/me/status", userStatus.updateOwnStatus),
  user("POST", "/users/:user_id/status", userStatus.updateUserStatus),
  user("GET", "/users/:user_id/status", userStatus.userStatus),
  user("POST", "/users/me/muted_users/:muted_user_id", mutedUsers.muteUser),
  user("DELETE", "/users/me/muted_users/:muted_user_id", mutedUsers.unmuteUser),
  user("POST", "/users/me/onboarding_steps", onboardingSteps.markOnboardingStepRead),
  user("GET", "/saved_snippets", savedSnippets.listSavedSnippets),
  user("POST", "/saved_snippets", savedSnippets.createSavedSnippet),
  user("PATCH", "/saved_snippets/:saved_snippet_id", savedSnippets.editSavedSnippet),
  user("DELETE", "/saved_snippets/:saved_snippet_id", savedSnippets.deleteSavedSnippet),
  user("GET", "/navigation_views", navigationViews.listNavigationViews),
  user("POST", "/navigation_views", navigationViews.addNavigationView),
  user("PATCH", "/navigation_views/*", navigationViews.updateNavigationView),
  user("DELETE", "/navigation_views/*", navigationViews.removeNavigationView),
  user("POST", "/users/me/avatar", avatars.uploadAvatar),
  user("DELETE", "/users/me/avatar", avatars.deleteAvatar),
  user("GET", "/users/me/alert_words", alertWords.listAlertWords),
  user("POST", "/users/me/alert_words", alertWords.addAlertWords),
  user("DELETE", "/users/me/alert_words", alertWords.removeAlertWords),
  user("GET", "/drafts", drafts.listDrafts),
  user("POST", "/drafts", drafts.createDrafts),
  user("PATCH", "/drafts/:draft_id", drafts.editDraft),
  user("DELETE", "/drafts/:draft_id", drafts.deleteDraft),
];

export function registerRoutes(api: Api): void {
  api.serve(ROUTES);
  // Last: a known path called with a method it does not serve is 405, as Zulip.
  api.refuseOtherMethods();
}
