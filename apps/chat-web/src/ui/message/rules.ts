// The permission rules (state/permissions.ts) for one message, from the stores as they are now.
import { subscriptionById } from "../../state/channels";
import { myGroups, type Rules } from "../../state/permissions";
import { session } from "../../state/session";
import { realmSettings } from "../../state/settings";
import { users } from "../../state/users";
import type { Message } from "../../state/types";

/** Reads signals: a component calling it redraws when the settings, groups or user list change. */
export function rulesFor(message: Pick<Message, "stream_id">, now = Math.floor(Date.now() / 1000)): Rules {
  const userId = session.value!.userId;
  const channel = message.stream_id !== undefined ? (subscriptionById.value.get(message.stream_id) as unknown as Record<string, unknown> | undefined) : undefined;
  return { realm: realmSettings.value, channel, userId, role: users.value.get(userId)?.role, groups: myGroups.value, now };
}
