// A registered client (Zulip's ClientDescriptor): its queue, what it asked to receive and in
// which shapes, and the long poll currently waiting on it, if any.
import type { HeartbeatTarget, HeartbeatWheel } from "./heartbeats.js";
import { narrowPredicate, type NarrowPredicate, type NarrowTerm } from "./narrow.js";
import { EventQueue, type QueuedEvent } from "./queue.js";
import { inSnapshot, type CommitStamp, type SnapshotMark } from "./stamp.js";

export interface Capabilities {
  notificationSettingsNull: boolean;
  bulkMessageDeletion: boolean;
  userAvatarUrlFieldOptional: boolean;
  streamTypingNotifications: boolean;
  userSettingsObject: boolean;
  linkifierUrlTemplate: boolean;
  userListIncomplete: boolean;
  includeDeactivatedGroups: boolean;
  archivedChannels: boolean;
  emptyTopicName: boolean;
  simplifiedPresenceEvents: boolean;
  individualEmojiChanges: boolean;
}

export interface ClientOptions {
  queueId: string;
  userId: number;
  realmId: number;
  /** null: every event type */
  eventTypes: string[] | null;
  clientName: string;
  applyMarkdown: boolean;
  clientGravatar: boolean;
  slimPresence: boolean;
  allPublicStreams: boolean;
  narrow: NarrowTerm[];
  timeoutSecs: number;
  capabilities: Capabilities;
  now: number;
}

/** What a stopping process saves of a client and the next start restores (events/persist.ts). */
export interface SavedClient {
  options: Omit<ClientOptions, "queueId" | "now">;
  events: QueuedEvent[];
  nextEventId: number;
  newestPrunedId: number;
  registeredThrough: number;
}

/** A long poll waiting for events: `finish` answers it (once). */
export interface Waiter {
  finish(events: QueuedEvent[]): void;
}

export class ClientDescriptor implements HeartbeatTarget {
  readonly queue: EventQueue;
  readonly userId: number;
  readonly realmId: number;
  readonly eventTypes: Set<string> | null;
  readonly clientName: string;
  readonly applyMarkdown: boolean;
  readonly clientGravatar: boolean;
  readonly slimPresence: boolean;
  readonly allPublicStreams: boolean;
  readonly narrow: NarrowTerm[];
  readonly capabilities: Capabilities;
  readonly timeoutMs: number;
  private readonly narrowMatches: NarrowPredicate;
  lastConnectionTime: number;
  private waiter: Waiter | null = null;
  /** where the waiting poll's heartbeat is due */
  private heartbeats: HeartbeatWheel | null = null;
  /** Stamps of events that arrived before the registration snapshot was taken. */
  private pendingStamps: Map<number, CommitStamp> | null = new Map();
  /** The registration snapshot: events of writes it already contains are dropped. */
  private mark: SnapshotMark | null = null;
  /** The last_event_id /register handed out; polls acknowledging less are read as this. */
  registeredThrough = -1;

  constructor(options: ClientOptions) {
    this.queue = new EventQueue(options.queueId);
    this.queue.compress = false;
    this.userId = options.userId;
    this.realmId = options.realmId;
    this.eventTypes = options.eventTypes ? new Set(options.eventTypes) : null;
    this.clientName = options.clientName;
    this.applyMarkdown = options.applyMarkdown;
    this.clientGravatar = options.clientGravatar;
    this.slimPresence = options.slimPresence;
    this.allPublicStreams = options.allPublicStreams;
    this.narrow = options.narrow;
    this.narrowMatches = narrowPredicate(options.narrow);
    this.capabilities = options.capabilities;
    this.timeoutMs = options.timeoutSecs * 1000;
    this.lastConnectionTime = options.now;
  }

  get id(): string {
    return this.queue.id;
  }

  /** Receives message events for public channels of the whole realm (bots, narrows). */
  get realmWide(): boolean {
    return this.allPublicStreams || this.narrow.length > 0;
  }

  acceptsMessages(): boolean {
    return this.eventTypes === null || this.eventTypes.has("message");
  }

  acceptsEvent(event: Record<string, unknown>): boolean {
    const type = event.type as string;
    if (this.eventTypes !== null) {
      if (!this.eventTypes.has(type)) return false;
      // compat: clients asking for both get user_topic only (muted_topics is its old form).
      if (type === "muted_topics" && this.eventTypes.has("user_topic")) return false;
    }
    switch (type) {
      case "message":
        return this.narrowMatches(event.message as Record<string, unknown>, event.flags as string[]);
      case "typing":
        // Channel typing notifications only for clients that said they handle them.
        return "stream_id" in event ? this.capabilities.streamTypingNotifications : true;
      case "update_display_settings":
      case "update_global_notifications":
        return !this.capabilities.userSettingsObject;
      case "user_group":
        if (event.op === "remove") return !this.capabilities.includeDeactivatedGroups;
        // A reactivated group reappears as new to clients that dropped it on deactivation.
        if (event.op === "add" && event.for_reactivation) return !this.capabilities.includeDeactivatedGroups;
        if (event.op === "update" && "deactivated" in (event.data as object)) return this.capabilities.includeDeactivatedGroups;
        return true;
      case "stream":
        // Archiving reaches clients that know archived channels as an update, others as a deletion.
        if (event.op === "update" && event.property === "is_archived") return this.capabilities.archivedChannels;
        if (event.op === "delete" && event.for_archiving) return !this.capabilities.archivedChannels;
        if (event.op === "create" && event.for_unarchiving) return !this.capabilities.archivedChannels;
        return true;
      case "realm_linkifiers":
        return this.capabilities.linkifierUrlTemplate;
      case "realm_emoji":
        // Clients that handle one emoji at a time get add/update_one, others the whole set.
        return event.op === "update" ? !this.capabilities.individualEmojiChanges : this.capabilities.individualEmojiChanges;
      default:
        return true;
    }
  }

  /** Queues an event (already in this client's shape) and answers a waiting poll. */
  addEvent(event: Record<string, unknown>, stamp?: CommitStamp, owned = false): void {
    if (stamp && this.mark && inSnapshot(this.mark, stamp)) return;
    const stored = this.queue.push(event, owned);
    if (stamp && this.pendingStamps) this.pendingStamps.set(stored.id, stamp);
    this.finishWaiter();
  }

  /**
   * Called once the registration state has been read: drops queued events whose writes the
   * state already shows and returns the last_event_id to hand to the client.
   */
  settle(mark: SnapshotMark): number {
    const pending = this.pendingStamps ?? new Map();
    this.mark = mark;
    this.pendingStamps = null;
    this.queue.discard((event) => {
      const stamp = pending.get(event.id);
      return stamp !== undefined && inSnapshot(mark, stamp);
    });
    this.queue.compress = true;
    const first = this.queue.firstId();
    const through = first === undefined ? this.queue.nextEventId - 1 : first - 1;
    this.queue.newestPrunedId = through;
    this.registeredThrough = through;
    return through;
  }

  /** The client as saved at shutdown; undefined while its registration is still being read. */
  save(): SavedClient | undefined {
    if (this.pendingStamps !== null) return undefined;
    const options = {
      userId: this.userId,
      realmId: this.realmId,
      eventTypes: this.eventTypes ? [...this.eventTypes] : null,
      clientName: this.clientName,
      applyMarkdown: this.applyMarkdown,
      clientGravatar: this.clientGravatar,
      slimPresence: this.slimPresence,
      allPublicStreams: this.allPublicStreams,
      narrow: this.narrow,
      timeoutSecs: this.timeoutMs / 1000,
      capabilities: this.capabilities,
    };
    const { queue } = this;
    return { options, events: queue.contents(), nextEventId: queue.nextEventId, newestPrunedId: queue.newestPrunedId, registeredThrough: this.registeredThrough };
  }

  /** A client saved by a previous run of this process, idle from `now` on. */
  static restore(queueId: string, saved: SavedClient, now: number): ClientDescriptor {
    const client = new ClientDescriptor({ ...saved.options, queueId, now });
    client.pendingStamps = null;
    client.queue.compress = true;
    client.queue.restore(saved.events, saved.nextEventId, saved.newestPrunedId);
    client.registeredThrough = saved.registeredThrough;
    return client;
  }

  hasWaiter(): boolean {
    return this.waiter !== null;
  }

  /** Starts a long poll: answered by the next event, or by a heartbeat after `heartbeatMs`. */
  connect(waiter: Waiter, now: number, heartbeatMs: number, heartbeats: HeartbeatWheel): void {
    this.waiter = waiter;
    this.lastConnectionTime = now;
    this.heartbeats = heartbeats;
    heartbeats.add(this, heartbeatMs);
  }

  /** The heartbeat is due: the waiting poll gets a heartbeat event. */
  beat(): void {
    this.heartbeats = null;
    this.addEvent({ type: "heartbeat" });
  }

  /** Answers the waiting poll (if any) with the queue's contents. */
  finishWaiter(): boolean {
    const waiter = this.waiter;
    if (!waiter) return false;
    this.disconnect();
    waiter.finish(this.queue.contents());
    return true;
  }

  /** Forgets the waiting poll without answering it (the client went away). */
  disconnect(waiter?: Waiter): void {
    if (waiter && this.waiter !== waiter) return;
    this.waiter = null;
    this.heartbeats?.remove(this);
    this.heartbeats = null;
  }

  expired(now: number): boolean {
    return this.waiter === null && now - this.lastConnectionTime >= this.timeoutMs;
  }
}
