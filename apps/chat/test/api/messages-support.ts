// Shared setup for the message endpoint tests: a chat test server with a small stand-in
// Markdown renderer (paragraphs, @-mentions, wildcards, links), channels and a message sender.
import type { MessageRenderer } from "../../src/lib/rendering.js";
import { chatTest, type Account, type ChatTest } from "../helpers.js";

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Test double of the Markdown renderer: enough syntax for mentions, links and /me. */
export const testRenderer: MessageRenderer = (content, input) => {
  const mentionedUserIds: number[] = [];
  const mentionedGroupIds: number[] = [];
  let streamWildcard = false;
  let topicWildcard = false;
  for (const [, silent, name] of content.matchAll(/@(_?)\*\*([^*]+)\*\*/g)) {
    if (["all", "everyone", "channel", "stream"].includes(name)) streamWildcard ||= !silent;
    else if (name === "topic") topicWildcard ||= !silent;
    else {
      const user = input.users.find((u) => u.full_name === name);
      if (user && !silent) mentionedUserIds.push(user.id);
    }
  }
  for (const [, name] of content.matchAll(/@\*([^*]+)\*/g)) {
    const group = input.groups.find((g) => g.name === name);
    if (group) mentionedGroupIds.push(group.id);
  }
  const isMeMessage = content.startsWith("/me ");
  return {
    html: `<p>${escape(content)}</p>`,
    mentionedUserIds,
    mentionedGroupIds,
    streamWildcard,
    topicWildcard,
    hasLink: /https?:\/\//.test(content),
    hasImage: /\.(png|jpg|gif)\b/.test(content),
    hasAttachment: content.includes("/user_uploads/"),
    isMeMessage,
  };
};

export async function messagesTest(): Promise<ChatTest> {
  const t = await chatTest();
  t.deps.renderMessage = testRenderer;
  return t;
}

export async function createChannel(t: ChatTest, owner: Account, name: string, members: Account[], extra: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name }], principals: members.map((m) => m.id), ...extra });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return (await t.call(owner, "GET", "/get_stream_id", { stream: name })).body.stream_id;
}

export async function sendToChannel(t: ChatTest, who: Account, channel: string | number, topic: string, content: string): Promise<number> {
  const res = await t.call(who, "POST", "/messages", { type: "stream", to: typeof channel === "number" ? String(channel) : channel, topic, content });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.id;
}

export async function sendDirect(t: ChatTest, who: Account, to: Account[], content: string): Promise<number> {
  const res = await t.call(who, "POST", "/messages", { type: "direct", to: to.map((a) => a.id), content });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.id;
}

export async function fetchMessages(t: ChatTest, who: Account, narrow: unknown[], options: Record<string, unknown> = {}) {
  const res = await t.call(who, "GET", "/messages", { anchor: "newest", num_before: 100, num_after: 0, narrow, ...options });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body;
}
