// The renderer's public contract: what it needs to know about the realm, and what it reports.

export interface MarkdownUser {
  id: number;
  fullName: string;
  /** Deactivated users are rendered as silent mentions and not notified. */
  isActive?: boolean;
}

export interface MarkdownGroup {
  id: number;
  name: string;
  deactivated?: boolean;
}

export interface MarkdownChannel {
  id: number;
  name: string;
}

export interface MarkdownRealmEmoji {
  id: string;
  /** URL of the image, e.g. "/user_avatars/2/emoji/images/1.png". */
  url: string;
  stillUrl?: string;
}

export interface MarkdownLinkifier {
  /** A Python/re2-style regular expression; `(?P<name>…)` groups are accepted. */
  pattern: string;
  /** An RFC 6570 URL template, e.g. "https://github.com/zulip/zulip/issues/{id}". */
  urlTemplate: string;
}

export interface MarkdownContext {
  /** The realm's base URL, e.g. "http://zulip.testserver"; links into it become relative. */
  realmUrl: string;
  /** Case-insensitive lookup by full name. */
  userByName(name: string): MarkdownUser | undefined;
  userById(id: number): MarkdownUser | undefined;
  groupByName(name: string): MarkdownGroup | undefined;
  channelByName(name: string): MarkdownChannel | undefined;
  realmEmoji(name: string): MarkdownRealmEmoji | undefined;
  linkifiers: MarkdownLinkifier[];
}

export interface RenderOptions {
  /** The sender's translate_emoticons setting (":)" → 🙂). */
  translateEmoticons?: boolean;
  /** The realm's inline_image_preview setting (default true). */
  inlineImagePreview?: boolean;
  /** The realm's default_code_block_language, used by fences without a language. */
  defaultCodeBlockLanguage?: string | null;
}

export interface RenderResult {
  html: string;
  /** Users to notify: non-silent mentions of active users. */
  mentionedUserIds: Set<number>;
  mentionedGroupIds: Set<number>;
  /** A non-silent @**all** / @**everyone** / @**channel** / @**stream**. */
  mentionsStreamWildcard: boolean;
  /** A non-silent @**topic**. */
  mentionsTopicWildcard: boolean;
  /** Convenience summary of the two flags above ("all" wins when both are present). */
  wildcardMention: "all" | "topic" | null;
  hasLink: boolean;
  hasImage: boolean;
  /** Links to this realm's /user_uploads/ (the caller checks they are real attachments). */
  hasAttachment: boolean;
  /** Path ids ("2/ab/cdef/file.png") of those /user_uploads/ links. */
  attachmentPathIds: string[];
}
