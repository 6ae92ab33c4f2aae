// Rendering message content with the realm's users, groups and channels as context: the
// Markdown renderer (apps/chat/src/markdown) unless deps.renderMessage overrides it.
import type { ChatDeps } from "../deps.js";
import { realmUrl } from "../config.js";
import { renderMarkdown, type MarkdownContext } from "../markdown/index.js";
import type { RenderedMessage, RenderInput } from "../lib/rendering.js";
import type { RealmState } from "../store/realm-state.js";
import type { MessageScope } from "./message-context.js";
import { presentRealmEmoji } from "../present/realm-emoji.js";
import { realmEmojiIndex } from "../store/realm-emoji.js";
import { userSettingValue } from "../store/settings.js";

/** Characters every emoticon of Zulip's EMOTICON_CONVERSIONS contains. */
const EMOTICON_HINT = /[:;]|<3/;

/** Message.is_status_message: "/me " messages rendered as a plain paragraph. */
const isMeMessage = (content: string, html: string) => content.startsWith("/me ") && html.startsWith("<p>/me ") && !content.includes("\n");

interface Lookups {
  usersByName: Map<string, RenderInput["users"][number]>;
  usersById: Map<number, RenderInput["users"][number]>;
  groupsByName: Map<string, RenderInput["groups"][number]>;
  channelsByName: Map<string, RenderInput["streams"][number]>;
}

// Render inputs built from the realm-state cache share their arrays until the state changes,
// so their name maps are built once per state rather than once per message.
const lookupCache = new WeakMap<RenderInput["users"], WeakMap<RenderInput["groups"], WeakMap<RenderInput["streams"], Lookups>>>();

function lookups(input: RenderInput): Lookups {
  let byGroups = lookupCache.get(input.users);
  if (!byGroups) lookupCache.set(input.users, (byGroups = new WeakMap()));
  let byStreams = byGroups.get(input.groups);
  if (!byStreams) byGroups.set(input.groups, (byStreams = new WeakMap()));
  let found = byStreams.get(input.streams);
  if (!found) {
    found = {
      usersByName: new Map(input.users.map((u) => [u.full_name.toLowerCase(), u])),
      usersById: new Map(input.users.map((u) => [u.id, u])),
      groupsByName: new Map(input.groups.map((g) => [g.name!.toLowerCase(), g])),
      channelsByName: new Map(input.streams.map((s) => [s.name_key, s])),
    };
    byStreams.set(input.streams, found);
  }
  return found;
}

function markdownContext(input: RenderInput): MarkdownContext {
  const { usersByName, usersById, groupsByName, channelsByName } = lookups(input);
  const asUser = (u: (typeof input.users)[number] | undefined) => (u ? { id: u.id, fullName: u.full_name, isActive: Boolean(u.is_active) } : undefined);
  return {
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
    realmEmoji: (name) => input.realmEmoji?.get(name),
    linkifiers: input.linkifiers ?? [],
  };
}

export function renderWithMarkdown(content: string, input: RenderInput): RenderedMessage {
  const result = renderMarkdown(content, markdownContext(input), { translateEmoticons: input.translateEmoticons === true });
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

const emojiLists = new WeakMap<RealmState, Promise<Map<string, { id: string; url: string }>>>();

function realmEmojiForRendering(deps: ChatDeps, state: RealmState): Promise<Map<string, { id: string; url: string }>> {
  let list = emojiLists.get(state);
  if (!list) {
    list = realmEmojiIndex(deps.db, state).then((index) => new Map([...index.byName].map(([name, e]) => [name, { id: String(e.id), url: String(presentRealmEmoji(e).source_url) }])));
    emojiLists.set(state, list);
  }
  return list;
}

const renderLists = new WeakMap<RealmState, Pick<RenderInput, "groups" | "streams">>();

export async function renderInput(deps: ChatDeps, scope: MessageScope): Promise<RenderInput> {
  const { state } = scope;
  let lists = renderLists.get(state);
  if (!lists) {
    lists = { groups: state.groups.filter((g) => g.name !== null && !g.is_system_group), streams: [...state.streams.values()] };
    renderLists.set(state, lists);
  }
  return {
    realm: scope.realm,
    realmUrl: realmUrl(deps.config, scope.realm.string_id),
    sender: scope.user,
    users: state.users,
    linkifiers: state.linkifiers,
    ...lists,
    realmEmoji: await realmEmojiForRendering(deps, state),
  };
}

/**
 * Renders content sent (or, when editing, first sent) by `senderId`, the caller by default:
 * Zulip renders with the sender's translate_emoticons, also when someone else edits.
 */
export async function renderForRealm(deps: ChatDeps, scope: MessageScope, content: string, senderId = scope.user.id): Promise<RenderedMessage> {
  const render = deps.renderMessage ?? renderWithMarkdown;
  // Only a sender who turned it on has the setting stored, and only content with an emoticon
  // can change: most renders skip the lookup.
  const translateEmoticons = EMOTICON_HINT.test(content) && (await userSettingValue(deps.db, senderId, "translate_emoticons")) === true;
  return render(content, { ...(await renderInput(deps, scope)), translateEmoticons });
}

/**
 * A channel's rendered_description, as Zulip's render_stream_description: the realm's Markdown
 * (mentions, channel links, emoji, linkifiers) without link or image previews. Mentions here
 * notify nobody: the result's mention lists are dropped.
 */
export async function renderChannelDescription(deps: ChatDeps, scope: MessageScope, description: string): Promise<string> {
  if (!description) return "";
  return renderMarkdown(description, markdownContext(await renderInput(deps, scope)), { inlineImagePreview: false }).html;
}
