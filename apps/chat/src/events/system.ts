// The event system of one chat process: the queues it holds, long polling, the ordered
// pipeline from actions to queues, and the bus to other processes.
//
// Actions emit through one function, publish (actions/publish.ts), after their transaction
// has committed (Zulip's send_event_on_commit):
//
//   const { value, stamp } = await deps.events.transaction(async (trx) => …the writes…);
//   publish(deps, [{ event, users: userIds }], { realmId, stamp });
//
// (or `const stamp = await deps.events.stamp(trx)` inside a transaction of one's own).
// `userIds` are the users whose queues get the event (Zulip's send_event(realm, event, users));
// the stamp lets a queue being registered at that moment skip events its initial state already
// shows. publish hands the events to `emit`, the one entrance to the pipeline, which the
// events other processes publish join too: a reaction made elsewhere right after a message
// sent here waits in the pipeline behind that message.
import { randomBytes, randomUUID } from "node:crypto";
import type { Clock, Logger } from "@beacon/platform";
import type { ChatConfig } from "../config.js";
import type { ChatDb, Dialect } from "../store/schema.js";
import { attachOwnTransaction } from "../store/sqlite-reads.js";
import { BadRequestError } from "../http/errors.js";
import type { PendingEvent } from "../lib/events.js";
import { LocalBus, type BusMessage, type EventBus } from "./bus.js";
import { ClientDescriptor, type ClientOptions } from "./client.js";
import { HeartbeatWheel } from "./heartbeats.js";
import { loadMessageTemplate, type MessageTemplate } from "./message-template.js";
import type { Notice } from "./notice.js";
import type { QueuedEvent } from "./queue.js";
import { restoreQueues, saveQueues } from "./persist.js";
import { QueueRegistry } from "./registry.js";
import { commitStamp, snapshotMark, type CommitStamp } from "./stamp.js";

/** The process named by a queue id (`a:6f1c…`), or "" for an id naming none. */
const ownerOf = (queueId: string): string => queueId.slice(0, Math.max(0, queueId.indexOf(":")));

export interface EventSystemOptions {
  db: ChatDb;
  dialect: Dialect;
  log: Logger;
  clock: Clock;
  config: ChatConfig;
  bus?: EventBus;
}

export type NewClient = Omit<ClientOptions, "queueId" | "now">;

export interface FetchRequest {
  userId: number;
  queueId?: string;
  lastEventId?: number;
  dontBlock: boolean;
  clientName: string;
  /** GET /events without a queue_id registers one (dont_block only), Zulip's legacy path */
  newClient?: NewClient;
  /** called with a function to run when the HTTP client goes away */
  onClose(listener: () => void): void;
}

export interface FetchResult {
  events: QueuedEvent[];
  queue_id?: string;
  /** the process is stopping: the answer should close its connection (not sent to clients) */
  closing?: true;
}

interface Job {
  run(): Notice[] | Promise<Notice[]>;
  local: boolean;
}

/**
 * A message event as a process of an earlier Beacon publishes it: the message's id alone (with
 * the sender's queue and local ids), for each process to read back. Processes of two versions
 * share a bus while they are upgraded one at a time.
 */
const isIdOnlyMessage = (event: Record<string, unknown>): boolean => event.type === "message" && !("message" in event);

/** The id of the message a message event carries (a template, or an earlier process's id), else undefined. */
const messageIdOf = (event: Record<string, unknown>): number | undefined =>
  event.type !== "message" ? undefined : isIdOnlyMessage(event) ? (event.message_id as number) : ((event as unknown as MessageTemplate).message.id as number);

/** A reserved place in the pipeline (EventSystem.reserve): filled once committed, or given up. */
interface Slot {
  fill(pending: PendingEvent[]): void;
  cancel(): void;
}

/** The events some queue may want: a public channel's message also reaches queues that see the whole realm, listed or not. */
const liveEvents = (pending: PendingEvent[]): PendingEvent[] => pending.filter((p) => p.users.length > 0 || p.event.type === "message");

const noticeOf = (p: PendingEvent): Notice => ({ realmId: p.realmId ?? 0, users: p.users, event: p.event, stamp: p.stamp });

export class EventSystem {
  readonly processId: string;
  readonly queues = new QueueRegistry();
  readonly bus: EventBus;
  private readonly taps = new Set<(notice: Notice) => void>();
  private readonly pipeline: Job[] = [];
  private draining = false;
  private idleWaiters: (() => void)[] = [];
  private gcTimer: NodeJS.Timeout | null = null;
  private readonly heartbeats: HeartbeatWheel;
  /** Save the queues at close and restore them at start (set by startChatServer; events/persist.ts). */
  persistQueues = false;
  /** Stopping: polls are answered at once, and told to close their connection. */
  private closing = false;
  /** Bus messages received while saved queues are being restored, delivered afterwards. */
  private held: BusMessage[] | null = null;

  constructor(private readonly options: EventSystemOptions) {
    this.processId = options.config.eventProcess || randomBytes(4).toString("hex");
    this.bus = options.bus ?? new LocalBus();
    this.heartbeats = new HeartbeatWheel(HeartbeatWheel.resolutionFor(options.config.heartbeatMs));
  }

  async start(): Promise<void> {
    if (this.persistQueues) this.held = [];
    await this.bus.start((message) => (this.held ? this.held.push(message) : this.receive(message)), () => this.expireAfterGap());
    if (this.persistQueues) await this.restore();
    const every = this.options.config.eventQueueGcSeconds * 1000;
    this.gcTimer = setInterval(() => this.gc(), every);
    this.gcTimer.unref();
  }

  async close(): Promise<void> {
    if (this.gcTimer) clearInterval(this.gcTimer);
    this.gcTimer = null;
    this.endPolls();
    await this.flush();
    if (this.persistQueues) await this.save();
    this.queues.clear();
    this.heartbeats.close();
    await this.bus.close();
  }

  /**
   * The process is stopping: every waiting poll is answered now (with what its queue holds,
   * usually nothing) and later polls at once, so clients come back within seconds to the
   * process that replaces this one instead of waiting out their heartbeat.
   */
  endPolls(): void {
    this.closing = true;
    for (const client of this.queues.clients.values()) client.finishWaiter();
  }

  private persistContext() {
    const { db, log, config, clock } = this.options;
    return { db, log, process: config.eventProcess, now: clock.now().getTime() };
  }

  private async save(): Promise<void> {
    try {
      const saved = await saveQueues(this.persistContext(), this.queues);
      if (saved) this.options.log.info({ queues: saved }, "event queues saved for the next start");
    } catch (error) {
      this.options.log.error({ err: error }, "event queues could not be saved: clients will register again");
    }
  }

  private async restore(): Promise<void> {
    let replayed = new Set<number>();
    try {
      const result = await restoreQueues(this.persistContext(), this.queues);
      replayed = result.replayed;
      if (result.restored) this.options.log.info({ queues: result.restored, replayed: replayed.size }, "event queues restored from the last stop");
    } catch (error) {
      this.options.log.error({ err: error }, "saved event queues could not be restored: clients will register again");
    }
    const held = this.held ?? [];
    this.held = null;
    for (const message of held) {
      // A message replayed from the database may also have arrived on the bus meanwhile.
      if (message.kind === "notice" && replayed.has(messageIdOf(message.notice.event)!)) continue;
      this.receive(message);
    }
  }

  /** Removes idle queues now (the timer does this every CHAT_EVENT_QUEUE_GC_SECONDS). */
  gc(): number {
    return this.queues.gc(this.options.clock.now().getTime());
  }

  /** The commit stamp of the current write transaction; take it inside the transaction. */
  stamp(trx: ChatDb): Promise<CommitStamp> {
    return commitStamp(trx, this.options.dialect);
  }

  /** Runs `work` in a transaction and returns its result with the transaction's commit stamp. */
  transaction<T>(work: (trx: ChatDb) => Promise<T>): Promise<{ value: T; stamp: CommitStamp }> {
    return this.options.db.transaction().execute(async (trx) => {
      const value = await work(trx);
      return { value, stamp: await this.stamp(trx) };
    });
  }

  /**
   * Every event of this process starts here (through publish, actions/publish.ts), in commit
   * order: it goes on the bus at once, before the action answers, so another process has it
   * before any request that follows the answer, and into this process's pipeline. A message
   * event travels whole (its template, built by the send), so no process reads it back.
   */
  emit(pending: PendingEvent[]): void {
    const live = liveEvents(pending);
    if (live.length === 0) return;
    for (const p of live) this.bus.publish({ kind: "notice", origin: this.processId, notice: noticeOf(p) });
    this.enqueue(live, true);
  }

  /**
   * Runs `work` in a transaction that puts its events on the bus itself, where the bus can
   * (PostgreSQL's, bus.ts): every process then receives them at the commit, in commit order with
   * every other write, so what another process does to what this write made (a reaction to the
   * message just sent, seen by a client that fetched it) reaches every queue after it, however
   * late this process goes on after the commit. This process's queues get them in the place the
   * commit took in its pipeline. Elsewhere the events are emitted after the commit, as `emit`.
   */
  async transactionWithEvents<T>(work: (trx: ChatDb) => Promise<{ value: T; events: PendingEvent[] }>): Promise<T> {
    const within = this.bus.publishWithin?.bind(this.bus);
    let slot: Slot | undefined;
    try {
      const { value, events } = await this.options.db.transaction().execute(async (trx) => {
        const done = await work(trx);
        const live = liveEvents(done.events);
        if (within && live.length) {
          // Last in the transaction, so its place in this process's order is near the commit's.
          slot = this.reserve();
          for (const p of live) await within(trx, { kind: "notice", origin: this.processId, notice: noticeOf(p) });
        }
        return { value: done.value, events: live };
      });
      if (slot) slot.fill(events);
      else this.emit(events);
      return value;
    } catch (error) {
      slot?.cancel();
      throw error;
    }
  }

  /** A place in the pipeline for events not built yet: what arrives meanwhile waits behind it. */
  private reserve(): Slot {
    let settle!: (notices: Notice[] | Promise<Notice[]>) => void;
    const ready = new Promise<Notice[]>((resolve) => (settle = resolve));
    this.schedule({ run: () => ready, local: true });
    return { fill: (pending) => settle(this.build(pending)), cancel: () => settle([]) };
  }

  /** The notices of a batch; one holding a message waits a turn of the event loop. */
  private build(pending: PendingEvent[]): Notice[] | Promise<Notice[]> {
    const notices = pending.map(noticeOf);
    if (!pending.some((p) => p.event.type === "message")) return notices;
    // Let the sending request answer first: fanning a message out to thousands of queues
    // would otherwise run before its response is written.
    return new Promise((resolve) => setImmediate(() => resolve(notices)));
  }

  /** Calls `listener` with every notice this process publishes (tests, diagnostics). */
  tap(listener: (notice: Notice) => void): () => void {
    this.taps.add(listener);
    return () => this.taps.delete(listener);
  }

  /** Resolves once everything published so far has reached the local queues. */
  flush(): Promise<void> {
    if (!this.draining && this.pipeline.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** `local`: published here (taps see it), rather than received from another process. */
  private enqueue(pending: PendingEvent[], local: boolean): void {
    this.schedule({ run: () => this.build(pending), local });
  }

  private schedule(job: Job): void {
    this.pipeline.push(job);
    if (!this.draining) void this.drain();
  }

  /** An earlier process's id-only message event, built here from the message as committed. */
  private async readBack(notice: Notice): Promise<Notice[]> {
    const loaded = await loadMessageTemplate(this.options.db, notice.event.message_id as number);
    if (!loaded) return [];
    const { template } = loaded;
    if (notice.event.sender_queue_id !== undefined) template.sender_queue_id = notice.event.sender_queue_id as string;
    if (notice.event.local_message_id !== undefined) template.local_id = notice.event.local_message_id as string;
    return [{ realmId: loaded.realmId, users: notice.users, event: template as unknown as Record<string, unknown>, stamp: notice.stamp }];
  }

  // Jobs run strictly in order; a job that needs no database (most of them) is delivered
  // synchronously, before the action that published it returns.
  private async drain(): Promise<void> {
    this.draining = true;
    while (this.pipeline.length) {
      const job = this.pipeline.shift()!;
      try {
        const result = job.run();
        const notices = result instanceof Promise ? await result : result;
        for (const notice of notices) this.dispatch(notice, job.local);
      } catch (error) {
        this.options.log.error({ err: error }, "event publication failed");
      }
    }
    this.draining = false;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private dispatch(notice: Notice, local: boolean): void {
    if (local) for (const tap of this.taps) tap(notice);
    this.queues.deliver(notice);
  }

  /** The bus may have lost events for the queues held here: clients re-register (bus.ts). */
  private expireAfterGap(): void {
    this.options.log.warn({ queues: this.queues.size }, "event bus gap: expiring every event queue of this process");
    this.queues.clear();
  }

  private receive(message: BusMessage): void {
    if (message.origin === this.processId) return;
    if (message.kind === "gap") return this.expireAfterGap();
    if (message.kind === "notice") {
      // Behind whatever this process is still building (a message sent here a moment ago).
      const { notice } = message;
      if (isIdOnlyMessage(notice.event)) this.schedule({ run: () => this.readBack(notice), local: false });
      else this.enqueue([notice], false);
    } else if (message.kind === "cleanup") {
      const client = this.queues.get(message.queueId);
      if (client && client.userId === message.userId) {
        client.finishWaiter();
        this.queues.remove(client);
      }
    }
  }

  private newQueueId(): string {
    return `${this.processId}:${randomUUID()}`;
  }

  /**
   * POST /register: allocates the queue (already receiving events), reads the initial state
   * in one consistent snapshot, then drops queued events the snapshot already reflects.
   */
  async register<T>(options: NewClient, read: (db: ChatDb) => Promise<T>): Promise<{ client: ClientDescriptor; state: T; lastEventId: number }> {
    const client = new ClientDescriptor({ ...options, queueId: this.newQueueId(), now: this.options.clock.now().getTime() });
    this.queues.add(client);
    try {
      const { db, dialect } = this.options;
      let tx = db.transaction();
      // One snapshot for every read, taken by the first statement (snapshotMark).
      if (dialect === "postgres") tx = tx.setIsolationLevel("repeatable read").setAccessMode("read only");
      const { mark, state } = await tx.execute(async (trx) => {
        attachOwnTransaction(trx, db);
        const mark = await snapshotMark(trx, dialect);
        return { mark, state: await read(trx) };
      });
      return { client, state, lastEventId: client.settle(mark) };
    } catch (error) {
      this.queues.remove(client);
      throw error;
    }
  }

  /** GET /events: answers at once when events are waiting (or dont_block), else long-polls. */
  fetch(request: FetchRequest): FetchResult | Promise<FetchResult> {
    let client: ClientDescriptor;
    let implicit = false;
    if (request.queueId === undefined) {
      if (!request.dontBlock || !request.newClient) throw new BadRequestError("Missing 'queue_id' argument");
      client = new ClientDescriptor({ ...request.newClient, queueId: this.newQueueId(), now: this.options.clock.now().getTime() });
      client.settle({ kind: "sqlite", seq: -1, maxMessageId: -1 });
      this.queues.add(client);
      implicit = true;
    } else {
      if (request.lastEventId === undefined) throw new BadRequestError("Missing 'last_event_id' argument");
      client = this.access(request.userId, request.queueId);
      const queue = client.queue;
      let last = request.lastEventId;
      // Events dropped at registration were never seen by the client: acknowledging less than
      // the last_event_id /register returned is fine until anything newer has been pruned.
      if (last < queue.newestPrunedId && queue.newestPrunedId === client.registeredThrough) last = client.registeredThrough;
      if (last < queue.newestPrunedId) throw new BadRequestError(`An event newer than ${request.lastEventId} has already been pruned!`);
      queue.prune(last);
      if (last !== queue.newestPrunedId) throw new BadRequestError(`Event ${request.lastEventId} was not in this queue`);
      client.finishWaiter();
    }
    const now = this.options.clock.now().getTime();
    if (!client.queue.empty() || request.dontBlock || this.closing) {
      client.lastConnectionTime = now;
      const result: FetchResult = { events: client.queue.contents() };
      if (implicit) result.queue_id = client.id;
      if (this.closing) result.closing = true;
      return result;
    }
    const { heartbeatMs, heartbeatJitterMs } = this.options.config;
    return new Promise<FetchResult>((resolve) => {
      const waiter = { finish: (events: QueuedEvent[]) => resolve(this.closing ? { events, closing: true } : { events }) };
      client.connect(waiter, now, heartbeatMs + Math.floor(Math.random() * (heartbeatJitterMs + 1)), this.heartbeats);
      // A client that went away is forgotten (and its handler released) without an answer.
      request.onClose(() => {
        client.disconnect(waiter);
        resolve({ events: [] });
      });
    });
  }

  /** DELETE /events: the owner removes the queue; other processes forward the request. */
  cleanup(userId: number, queueId: string): void {
    // Only an id naming another process goes over the bus: an unknown id of this process, or
    // one naming no process at all, is refused here as Zulip's owning shard would.
    const owner = ownerOf(queueId);
    if (owner && owner !== this.processId && !this.queues.get(queueId)) {
      // compat: Zulip's Django process also answers success before the owning shard acts.
      this.bus.publish({ kind: "cleanup", origin: this.processId, queueId, userId });
      return;
    }
    const client = this.queues.access(userId, queueId);
    client.finishWaiter();
    this.queues.remove(client);
  }

  private access(userId: number, queueId: string): ClientDescriptor {
    const client = this.queues.get(queueId);
    if (!client) {
      const owner = ownerOf(queueId);
      if (owner && owner !== this.processId) this.options.log.warn({ queueId, process: this.processId }, "long poll for a queue held by another process: route /api/v1/events by queue_id (docs/scaling-chat.md)");
    }
    return this.queues.access(userId, queueId);
  }
}
