import { afterEach, beforeEach, describe, it, mock } from "node:test";
import assert from "node:assert/strict";
import { TypingNotifier, type TypingTarget } from "../src/api/typing-notifier.js";
import { limits, setLimits } from "../src/state/limits.js";
import { applyTypingEvent, clearTyping, conversationKey, typists, typingEndedBy } from "../src/state/typing.js";
import { typingText } from "../src/ui/TypingNotice.js";

const ME = 3;
const design = (topic: string): TypingTarget => ({ kind: "channel", streamId: 42, topic });

describe("sending typing notifications (Zulip's typing_status protocol)", () => {
  let now = 0;
  let sent: string[] = [];
  let notifier: TypingNotifier;
  beforeEach(() => {
    mock.timers.enable({ apis: ["setTimeout"] });
    setLimits({});
    now = 0;
    sent = [];
    notifier = new TypingNotifier((op, t) => sent.push(`${op} ${t.kind === "dm" ? t.to.join(",") : t.topic}`), () => now);
  });
  afterEach(() => mock.timers.reset());
  const advance = (ms: number) => {
    now += ms;
    mock.timers.tick(ms);
  };

  it("says start once, again at most every 10 s while typing goes on, and stop after 5 s without a keystroke", () => {
    notifier.typed(design("launch"));
    assert.deepEqual(sent, ["start launch"]);
    for (let i = 0; i < 9; i++) {
      advance(1000);
      notifier.typed(design("launch"));
    }
    assert.deepEqual(sent, ["start launch"], "9 s of typing: one start");
    advance(1000);
    notifier.typed(design("launch"));
    assert.deepEqual(sent, ["start launch", "start launch"], "the 10th second renews it");
    advance(4999);
    assert.equal(sent.length, 2);
    advance(1);
    assert.deepEqual(sent, ["start launch", "start launch", "stop launch"], "5 s idle: stop");
    advance(60_000);
    assert.equal(sent.length, 3, "nothing more");
  });

  it("stops at once when the message is sent or the box emptied, and before typing elsewhere", () => {
    notifier.typed({ kind: "dm", to: [9] });
    notifier.stop();
    assert.deepEqual(sent, ["start 9", "stop 9"]);
    notifier.stop();
    assert.equal(sent.length, 2, "no second stop");
    notifier.typed(design("a"));
    notifier.typed(design("b"));
    notifier.typed(null);
    assert.deepEqual(sent.slice(2), ["start a", "stop a", "start b", "stop b"]);
    advance(10_000);
    assert.equal(sent.length, 6, "the idle timer went with the stop");
  });

  it("follows the server's periods when /register gives them", () => {
    setLimits({ server_typing_started_wait_period_milliseconds: 30_000, server_typing_stopped_wait_period_milliseconds: 12_000 });
    notifier.typed(design("x"));
    advance(11_000);
    notifier.typed(design("x"));
    assert.deepEqual(sent, ["start x"], "not renewed before 30 s");
    advance(11_999);
    assert.equal(sent.length, 1);
    advance(1);
    assert.deepEqual(sent, ["start x", "stop x"]);
  });
});

describe("showing who is typing", () => {
  beforeEach(() => {
    mock.timers.enable({ apis: ["setTimeout"] });
    setLimits({});
  });
  // (the pending expiries go with the fake timers that hold them)
  afterEach(() => {
    clearTyping();
    mock.timers.reset();
  });
  const start = (sender: number, where: object) => applyTypingEvent({ op: "start", sender: { user_id: sender }, ...where } as any, ME);
  const stop = (sender: number, where: object) => applyTypingEvent({ op: "stop", sender: { user_id: sender }, ...where } as any, ME);
  const dmWith9 = { message_type: "direct", recipients: [{ user_id: 9 }, { user_id: ME }] };
  const topic = { message_type: "stream", stream_id: 42, topic: "Launch" };
  const at = (narrow: object) => typists.value.get(conversationKey(narrow)!) ?? [];

  it("shows a start in its conversation until the stop", () => {
    start(9, dmWith9);
    start(11, topic);
    assert.deepEqual(at({ dm: [9] }), [9]);
    assert.deepEqual(at({ channelId: 42, topic: "launch" }), [11], "topics compare without case");
    assert.equal(conversationKey({ channelId: 42 }), null, "a whole channel shows nobody");
    stop(9, dmWith9);
    assert.deepEqual(at({ dm: [9] }), []);
    start(ME, dmWith9);
    assert.deepEqual(at({ dm: [9] }), [], "one's own typing is not shown");
  });

  it("drops a typist 15 s after their last start, renewed by each start", () => {
    start(9, dmWith9);
    mock.timers.tick(14_000);
    start(9, dmWith9);
    mock.timers.tick(14_000);
    assert.deepEqual(at({ dm: [9] }), [9], "renewed");
    mock.timers.tick(1_000);
    assert.deepEqual(at({ dm: [9] }), [], "15 s without a renewal");
    assert.equal(limits.typingStartedExpiryMs, 15_000);
  });

  it("ends someone's typing when their message arrives, and words it as Zulip does", () => {
    start(9, topic);
    start(11, topic);
    typingEndedBy(9, conversationKey({ channelId: 42, topic: "Launch" })!);
    assert.deepEqual(at({ channelId: 42, topic: "Launch" }), [11]);
    assert.equal(typingText(["Grace"]), "Grace is typing…");
    assert.equal(typingText(["Grace", "Alan"]), "Grace and Alan are typing…");
    assert.equal(typingText(["A", "B", "C"]), "A, B and C are typing…");
    assert.equal(typingText(["A", "B", "C", "D"]), "Several people are typing…");
  });
});
