// Rendering message content through the configured Markdown renderer, with the realm's
// users, groups and channels as context.
import type { ChatDeps } from "../deps.js";
import { realmUrl } from "../config.js";
import type { RenderedMessage } from "../lib/rendering.js";
import { groupsInRealm } from "../store/groups.js";
import { usersInRealm } from "../store/users.js";
import type { MessageScope } from "./message-context.js";

export async function renderForRealm(deps: ChatDeps, scope: MessageScope, content: string): Promise<RenderedMessage> {
  const render = deps.renderMessage;
  if (!render) throw new Error("no Markdown renderer configured (deps.renderMessage)");
  const [users, groups] = await Promise.all([usersInRealm(deps.db, scope.realm.id), groupsInRealm(deps.db, scope.realm.id)]);
  return render(content, {
    realm: scope.realm,
    realmUrl: realmUrl(deps.config, scope.realm.string_id),
    sender: scope.user,
    users,
    groups: groups.filter((g) => g.name !== null),
    streams: [...scope.streams.values()],
  });
}
