// The outgoing webhook worker: makes the calls the outbox holds (actions/outgoing-webhooks.ts)
// beside the HTTP server, never on a request's path. Idle, it reads when the next call is due
// once a second; any number may run against one PostgreSQL database (claims are leases a
// heartbeat renews while a batch's calls are made).
import { WorkerLoop } from "@beacon/platform";
import type { ChatDeps } from "../deps.js";
import { doDeliverOutgoingWebhooks, type DeliveryOptions } from "../actions/outgoing-webhooks.js";
import { WEBHOOK_TIMEOUT_SECONDS } from "../actions/webhook-post.js";
import { nextCallDue } from "../store/outgoing-webhooks.js";

export class OutgoingWebhookWorker extends WorkerLoop<number> {
  private readonly options: DeliveryOptions;

  constructor(
    private readonly deps: ChatDeps,
    options: Partial<DeliveryOptions> & { intervalMs?: number } = {},
  ) {
    super({ log: deps.log, intervalMs: options.intervalMs ?? 1000, failure: "outgoing webhook cycle failed", name: "outgoing webhook worker" });
    const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_SECONDS * 1000;
    this.options = { batch: options.batch ?? 20, leaseMs: options.leaseMs ?? timeoutMs * 3, heartbeatMs: options.heartbeatMs ?? 5000, retryMs: options.retryMs ?? 5000, timeoutMs };
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
}
