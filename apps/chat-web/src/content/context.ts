// What enhanceContent needs to know about the viewer and the message. Everything but
// myUserId is optional: a missing lookup leaves the server's text as it is.

/** Flags of the message being shown, as the API reports them (`flags` on a message). */
export type MessageFlag = "mentioned" | "stream_wildcard_mentioned" | "topic_wildcard_mentioned" | (string & {});

export interface ContentImage {
  /** The picture at full size (same origin). */
  src: string;
  /** Where the message links to (the uploaded file, or the picture's page). */
  href: string;
  /** The link text the sender gave, if any. */
  title: string | null;
}

export interface ContentContext {
  /** The signed-in user: mentions of them are highlighted. */
  myUserId: number;
  /**
   * The message's flags. With them, a mention is highlighted exactly when the server says it
   * concerns the viewer (as Zulip's web app does); without them (a preview, a draft), every
   * non-silent mention of the viewer, wildcard or @topic is.
   */
  flags?: readonly MessageFlag[];
  /** Whether the viewer belongs to the user group (directly or through a subgroup). */
  isMyGroup?(groupId: number): boolean;
  /** Current names, so a renamed user, group or channel shows as it is called now. */
  userName?(userId: number): string | undefined;
  groupName?(groupId: number): string | undefined;
  channelName?(channelId: number): string | undefined;
  /** IANA time zone for <time> widgets; the browser's when omitted. */
  timeZone?: string;
  /** The user's twenty_four_hour_time setting; the locale's habit when omitted. */
  twentyFourHourTime?: boolean;
  /** BCP 47 locale for dates; the browser's when omitted. */
  locale?: string;
  /** The user's emojiset setting: "text" shows emoji as their :names:, anything else as pictures. */
  emojiset?: string;
  /**
   * Pictures from other sites: the app's Content-Security-Policy allows only its own origin,
   * so by default they are shown as link cards. Set when the policy allows them.
   */
  loadExternalImages?: boolean;
  /** Called when an image preview is clicked (a lightbox); without it the link opens in a new tab. */
  onImageOpen?(image: ContentImage, event: MouseEvent): void;
  /** Called for a click on an in-app link ("#narrow/…"); without it the browser follows it. */
  onNarrowLink?(hash: string, event: MouseEvent): void;
  /** Strings shown by the widgets (for translation). */
  labels?: Partial<ContentLabels>;
}

export interface ContentLabels {
  spoiler: string;
  showSpoiler: string;
  hideSpoiler: string;
  copyCode: string;
  copied: string;
  copyFailed: string;
  message: string;
  image: string;
  imageElsewhere: string;
  imageFailed: string;
  timeTitle: string;
}

export const DEFAULT_LABELS: ContentLabels = {
  spoiler: "Spoiler",
  showSpoiler: "Show spoiler",
  hideSpoiler: "Hide spoiler",
  copyCode: "Copy code",
  copied: "Copied",
  copyFailed: "Could not copy",
  message: "message",
  image: "Image",
  imageElsewhere: "Image on {host}",
  imageFailed: "Image could not be loaded",
  timeTitle: "Shown in your time zone. Written as: {text}",
};

export function labelsOf(ctx: ContentContext): ContentLabels {
  return ctx.labels ? { ...DEFAULT_LABELS, ...ctx.labels } : DEFAULT_LABELS;
}
