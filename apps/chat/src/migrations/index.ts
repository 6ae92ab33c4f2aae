import { migrateToLatest, servingProcessesMigration, type Dialect, type Migrations } from "@beacon/platform";
import type { ChatDb } from "../store/schema.js";
import { initial } from "./001_initial.js";
import { messages } from "./002_messages.js";
import { eventsPresenceBus } from "./004_events_presence_bus.js";
import { stateVersion } from "./005_perf_state_version.js";
import { orgSettings } from "./007_org_settings.js";
import { scheduledMessages } from "./006_scheduled_messages.js";
import { pushTokens } from "./008_push_tokens.js";
import { channelFolders } from "./009_channel_folders.js";
import { settingsDefaultsEmail } from "./011_settings_defaults_email.js";
import { realmEmoji } from "./012_realm_emoji.js";
import { userExtras } from "./013_user_extras.js";
import { realmExtras } from "./014_realm_extras.js";
import { avatarsExports } from "./015_avatars_exports.js";
import { searchVersion } from "./016_search_version.js";
import { userMessagesWithoutRowid } from "./017_user_messages_without_rowid.js";
import { ftsMergesOffSendPath } from "./018_fts_merges_off_send_path.js";
import { messageRowVersion } from "./019_message_row_version.js";
import { searchVersionInsertTrigger } from "./020_search_version_insert_trigger.js";
import { webSessions } from "./021_web_sessions.js";
import { pushOutboxSubmessages } from "./022_push_outbox_submessages.js";
import { eventQueues } from "./024_event_queues.js";
import { outgoingWebhooks } from "./025_outgoing_webhooks.js";
import { unreadIndexFlags } from "./026_unread_index_flags.js";
import { sessionHostRealm } from "./027_session_host_realm.js";
import { sharedLimits } from "./028_shared_limits.js";
import { onboardingSteps } from "./029_onboarding_steps.js";
import { defaultStreamGroups } from "./030_default_stream_groups.js";
import { emailAddressVisibility } from "./032_email_address_visibility.js";
import { unreadChanges } from "./033_unread_changes.js";

export function chatMigrations(dialect: Dialect): Migrations {
  return {
    "001_initial": initial(dialect), "002_messages": messages(dialect), "004_events_presence_bus": eventsPresenceBus(dialect), "005_perf_state_version": stateVersion(dialect), "006_scheduled_messages": scheduledMessages(), "007_org_settings": orgSettings(dialect), "008_push_tokens": pushTokens(dialect), "009_channel_folders": channelFolders(dialect), "011_settings_defaults_email": settingsDefaultsEmail(dialect), "012_realm_emoji": realmEmoji(dialect), "013_user_extras": userExtras(dialect), "014_realm_extras": realmExtras(dialect), "015_avatars_exports": avatarsExports(dialect), "016_search_version": searchVersion(dialect),
    "017_user_messages_without_rowid": userMessagesWithoutRowid(dialect),
    "018_fts_merges_off_send_path": ftsMergesOffSendPath(dialect),
    "019_message_row_version": messageRowVersion(dialect),
    "020_search_version_insert_trigger": searchVersionInsertTrigger(dialect),
    "021_web_sessions": webSessions(dialect),
    "022_push_outbox_submessages": pushOutboxSubmessages(dialect),
    "024_event_queues": eventQueues(dialect),
    "025_outgoing_webhooks": outgoingWebhooks(dialect),
    "026_unread_index_flags": unreadIndexFlags(dialect),
    "027_session_host_realm": sessionHostRealm(dialect),
    "028_shared_limits": sharedLimits(dialect),
    "029_onboarding_steps": onboardingSteps(dialect),
    "030_default_stream_groups": defaultStreamGroups(dialect),
    "031_serving_processes": servingProcessesMigration(), // the platform's table (settings-agreement.ts)
    "032_email_address_visibility": emailAddressVisibility(dialect),
    "033_unread_changes": unreadChanges(dialect),
  };
}

export async function migrateChat(db: ChatDb, dialect: Dialect): Promise<string[]> {
  return migrateToLatest(db, chatMigrations(dialect), "chat", dialect);
}
