// The outgoing webhook worker: makes the calls the outbox holds (actions/outgoing-webhooks.ts)
// beside the HTTP server, never on a request's path. Idle, it reads when the next call is due
// once a second; any number may run against one PostgreSQL database (claims are leases).
import type { ChatDeps } from "../deps.js";
import { doDeliverOutgoingWebhooks, type DeliveryOptions } from "../actions/outgoing-webhooks.js";
import { WEBHOOK_TIMEOUT_SECONDS } from "../actions/webhook-post.js";
import { nextCallDue } from "../store/outgoing-webhooks.js";

export class OutgoingWebhookWorker {
  private readonly options: DeliveryOptions;
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = true;

  constructor(
    private readonly deps: ChatDeps,
    options: Partial<DeliveryOptions> & { intervalMs?: number } = {},
  ) {
    const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_SECONDS * 1000;
    this.options = { batch: options.batch ?? 20, leaseMs: options.leaseMs ?? timeoutMs * 3, retryMs: options.retryMs ?? 2000, timeoutMs };
    this.intervalMs = options.intervalMs ?? 1000;
  }

  /** Makes every call due now (including retries that fall due meanwhile); returns how many. */
  async runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const due = await nextCallDue(this.deps.db);
      if (due === undefined || due > this.deps.clock.now().getTime()) return total;
      const taken = await doDeliverOutgoingWebhooks(this.deps, this.options);
      if (taken === 0) return total;
      total += taken;
    }
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      this.running = this.runOnce()
        .catch((error) => this.deps.log.error({ err: error }, "outgoing webhook cycle failed"))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.intervalMs);
        });
    };
    tick();
  }

  /** Stops ticking and waits for the cycle under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
