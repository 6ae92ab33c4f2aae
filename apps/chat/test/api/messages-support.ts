// Shared setup for the message endpoint tests: channels, senders and a fetch helper.
import { chatTest, type Account, type ChatTest } from "../helpers.js";

export function messagesTest(): Promise<ChatTest> {
  return chatTest();
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
