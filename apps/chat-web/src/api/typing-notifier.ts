// Telling others we are typing, as Zulip's clients do (its shared typing_status.ts and the
// /api/set-typing-status protocol): "start" when typing begins in a conversation, again at most
// every server_typing_started_wait_period_milliseconds while it goes on; "stop" once nothing was
// typed for server_typing_stopped_wait_period_milliseconds, when the message is sent or the box
// emptied, or before typing elsewhere.
import { limits } from "../state/limits";

export type TypingTarget = { kind: "dm"; to: readonly number[] } | { kind: "channel"; streamId: number; topic: string };

const targetKey = (t: TypingTarget) => (t.kind === "dm" ? `dm:${[...t.to].sort((a, b) => a - b).join(",")}` : `topic:${t.streamId}:${t.topic}`);

export class TypingNotifier {
  private current: TypingTarget | null = null;
  private nextStartAt = 0;
  private idle: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly send: (op: "start" | "stop", target: TypingTarget) => void,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** A keystroke in the compose box: `target` is where the text goes, null when it goes nowhere (or the box is empty). */
  typed(target: TypingTarget | null): void {
    if (this.current && target && targetKey(this.current) === targetKey(target)) {
      if (this.now() >= this.nextStartAt) this.start(target);
      this.restartIdle();
      return;
    }
    this.stop();
    if (!target) return;
    this.start(target);
    this.restartIdle();
  }

  /** The message was sent, or the compose box closed: "stop" now if "start" was said. */
  stop(): void {
    clearTimeout(this.idle);
    this.idle = undefined;
    if (!this.current) return;
    const target = this.current;
    this.current = null;
    this.send("stop", target);
  }

  private start(target: TypingTarget): void {
    this.current = target;
    this.nextStartAt = this.now() + limits.typingStartedWaitMs;
    this.send("start", target);
  }

  private restartIdle(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.stop(), limits.typingStoppedWaitMs);
  }
}

