// Rendering message content with the realm's users, groups and channels as context: the
// Markdown renderer (apps/chat/src/markdown) unless deps.renderMessage overrides it.
import type { ChatDeps } from "../deps.js";
import { realmUrl } from "../config.js";
import { renderMarkdown, type MarkdownContext } from "../markdown/index.js";
import type { RenderedMessage, RenderInput } from "../lib/rendering.js";
import { groupsInRealm } from "../store/groups.js";
import { usersInRealm } from "../store/users.js";
import type { MessageScope } from "./message-context.js";

/** Message.is_status_message: "/me " messages rendered as a plain paragraph. */
const isMeMessage = (content: string, html: string) => content.startsWith("/me ") && html.startsWith("<p>/me ") && !content.includes("\n");

export function renderWithMarkdown(content: string, input: RenderInput): RenderedMessage {
  const usersByName = new Map(input.users.map((u) => [u.full_name.toLowerCase(), u]));
  const usersById = new Map(input.users.map((u) => [u.id, u]));
  const groupsByName = new Map(input.groups.map((g) => [g.name!.toLowerCase(), g]));
  const channelsByName = new Map(input.streams.map((s) => [s.name_key, s]));
  const asUser = (u: (typeof input.users)[number] | undefined) => (u ? { id: u.id, fullName: u.full_name, isActive: Boolean(u.is_active) } : undefined);
  const ctx: MarkdownContext = {
    realmUrl: input.realmUrl,
    userByName: (name) => asUser(usersByName.get(name.toLowerCase())),
    userById: (id) => asUser(usersById.get(id)),
    groupByName: (name) => {
      const g = groupsByName.get(name.toLowerCase());
      return g ? { id: g.id, name: g.name!, deactivated: Boolean(g.deactivated) } : undefined;
    },
    channelByName: (name) => {
      const s = channelsByName.get(name.toLowerCase());
      return s ? { id: s.id, name: s.name } : undefined;
    },
    realmEmoji: () => undefined,
    linkifiers: [],
  };
  const result = renderMarkdown(content, ctx);
  return {
    html: result.html,
    mentionedUserIds: [...result.mentionedUserIds],
    mentionedGroupIds: [...result.mentionedGroupIds],
    streamWildcard: result.mentionsStreamWildcard,
    topicWildcard: result.mentionsTopicWildcard,
    hasLink: result.hasLink,
    hasImage: result.hasImage,
    hasAttachment: result.hasAttachment,
    isMeMessage: isMeMessage(content, result.html),
  };
}

export async function renderInput(deps: ChatDeps, scope: MessageScope): Promise<RenderInput> {
  const [users, groups] = await Promise.all([usersInRealm(deps.db, scope.realm.id), groupsInRealm(deps.db, scope.realm.id)]);
  return {
    realm: scope.realm,
    realmUrl: realmUrl(deps.config, scope.realm.string_id),
    sender: scope.user,
    users,
    groups: groups.filter((g) => g.name !== null && !g.is_system_group),
    streams: [...scope.streams.values()],
  };
}

export async function renderForRealm(deps: ChatDeps, scope: MessageScope, content: string): Promise<RenderedMessage> {
  const render = deps.renderMessage ?? renderWithMarkdown;
  return render(content, await renderInput(deps, scope));
}
