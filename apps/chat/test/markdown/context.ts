// A realm shaped like Zulip's test fixtures (zulip.testserver, King Hamlet, Othello, the
// Denmark channel…), for the renderer's tests.
import type { MarkdownContext, MarkdownGroup, MarkdownUser } from "../../src/markdown/index.js";

export const USERS: MarkdownUser[] = [
  { id: 10, fullName: "King Hamlet" },
  { id: 12, fullName: "Othello, the Moor of Venice" },
  { id: 8, fullName: "Cordelia, Lear's daughter" },
  { id: 11, fullName: "Iago" },
  { id: 7, fullName: "aaron" },
  { id: 15, fullName: "Polonius", isActive: false },
  { id: 16, fullName: "Mark Twin" },
  { id: 17, fullName: "Mark Twin" },
];

export const GROUPS: MarkdownGroup[] = [
  { id: 30, name: "support" },
  { id: 31, name: "backend" },
  { id: 32, name: "retired", deactivated: true },
];

export const CHANNELS = [
  { id: 1, name: "Denmark" },
  { id: 3, name: "Scotland" },
  { id: 5, name: "Verona" },
  { id: 9, name: "Rome City" },
];

export function testContext(overrides: Partial<MarkdownContext> = {}): MarkdownContext {
  return {
    realmUrl: "http://zulip.testserver",
    userByName: (name) => USERS.find((u) => u.fullName.toLowerCase() === name.toLowerCase()),
    userById: (id) => USERS.find((u) => u.id === id),
    groupByName: (name) => GROUPS.find((g) => g.name === name),
    channelByName: (name) => CHANNELS.find((c) => c.name === name),
    realmEmoji: (name) => (name === "green_tick" ? { id: "1", url: "/user_avatars/2/emoji/images/1.png" } : undefined),
    linkifiers: [],
    ...overrides,
  };
}
