// The queues this process holds (Zulip's Tornado `clients`, `user_clients` and
// `realm_clients_all_streams`), and the delivery of one notice to them: each event type is
// shaped per client the way Zulip's process_notification does it.
import { EMPTY_TOPIC_DISPLAY_NAME } from "../lib/topics.js";
import { ClientDescriptor } from "./client.js";
import { BadEventQueueIdError } from "./errors.js";
import { finalizeMessage, type MessageTemplate } from "./message-template.js";
import { INTERNAL_KEYS, userIdOf, type Notice } from "./notice.js";

const withoutInternalKeys = (event: Record<string, unknown>): Record<string, unknown> => {
  if (!INTERNAL_KEYS.some((key) => key in event)) return event;
  const copy = { ...event };
  for (const key of INTERNAL_KEYS) delete copy[key];
  return copy;
};

export class QueueRegistry {
  readonly clients = new Map<string, ClientDescriptor>();
  private readonly byUser = new Map<number, ClientDescriptor[]>();
  private readonly realmWide = new Map<number, Set<ClientDescriptor>>();

  get size(): number {
    return this.clients.size;
  }

  add(client: ClientDescriptor): void {
    this.clients.set(client.id, client);
    const list = this.byUser.get(client.userId);
    if (list) list.push(client);
    else this.byUser.set(client.userId, [client]);
    if (client.realmWide) {
      let set = this.realmWide.get(client.realmId);
      if (!set) this.realmWide.set(client.realmId, (set = new Set()));
      set.add(client);
    }
  }

  remove(client: ClientDescriptor): void {
    if (!this.clients.delete(client.id)) return;
    client.disconnect();
    const list = (this.byUser.get(client.userId) ?? []).filter((c) => c !== client);
    if (list.length) this.byUser.set(client.userId, list);
    else this.byUser.delete(client.userId);
    const wide = this.realmWide.get(client.realmId);
    wide?.delete(client);
    if (wide && wide.size === 0) this.realmWide.delete(client.realmId);
  }

  forUser(userId: number): ClientDescriptor[] {
    return this.byUser.get(userId) ?? [];
  }

  get(queueId: string): ClientDescriptor | undefined {
    return this.clients.get(queueId);
  }

  /** The queue, if it is this user's (a foreign queue is reported as unknown, like Zulip). */
  access(userId: number, queueId: string): ClientDescriptor {
    const client = this.clients.get(queueId);
    if (!client || client.userId !== userId) throw new BadEventQueueIdError(queueId);
    return client;
  }

  /** Removes queues idle longer than their timeout; returns how many went. */
  gc(now: number): number {
    let removed = 0;
    for (const client of [...this.clients.values()]) {
      if (client.expired(now)) {
        this.remove(client);
        removed++;
      }
    }
    return removed;
  }

  /** Ends every waiting poll (shutdown) and forgets every queue. */
  clear(): void {
    for (const client of [...this.clients.values()]) {
      client.finishWaiter();
      this.remove(client);
    }
  }

  deliver(notice: Notice): void {
    const { event, users, stamp } = notice;
    switch (event.type) {
      case "message":
        return this.deliverMessage(notice);
      case "update_message":
        return this.deliverUpdateMessage(notice);
      case "delete_message":
        return this.forEachClient(users, event, (client) => {
          const shaped = { ...event };
          if (shaped.topic === "" && !client.capabilities.emptyTopicName) shaped.topic = EMPTY_TOPIC_DISPLAY_NAME;
          // compat: clients without bulk_message_deletion get one event per message.
          if (client.capabilities.bulkMessageDeletion) return client.addEvent(shaped, stamp);
          for (const id of shaped.message_ids as number[]) {
            const single: Record<string, unknown> = { ...shaped, message_id: id };
            delete single.message_ids;
            client.addEvent(single, stamp);
          }
        });
      case "presence":
        return this.forEachClient(users, event, (client) => client.addEvent(presenceFor(client, event), stamp));
      case "user_topic":
        return this.forEachClient(users, event, (client) => client.addEvent(emptyTopicFor(client, event, "topic_name"), stamp));
      case "typing":
        return this.forEachClient(users, event, (client) => client.addEvent(event.stream_id === undefined ? event : emptyTopicFor(client, event, "topic"), stamp));
      case "update_message_flags":
        return this.forEachClient(users, event, (client) => client.addEvent(event.op === "remove" && event.flag === "read" ? unreadDetailsFor(client, event) : event, stamp));
      case "user_group":
        if (event.op === "update" && "name" in (event.data as object)) {
          // The name of a deactivated group only reaches clients that keep deactivated groups.
          const { deactivated, ...shaped } = event;
          return this.forEachClient(users, shaped, (client) => {
            if (!deactivated || client.capabilities.includeDeactivatedGroups) client.addEvent(shaped, stamp);
          });
        }
        break;
    }
    const shaped = withoutInternalKeys(event);
    this.forEachClient(users, event, (client) => client.addEvent(shaped, stamp));
  }

  private forEachClient(users: Notice["users"], event: Record<string, unknown>, each: (client: ClientDescriptor) => void): void {
    for (const user of users) {
      for (const client of this.forUser(userIdOf(user))) if (client.acceptsEvent(event)) each(client);
    }
  }

  private deliverMessage(notice: Notice): void {
    const template = notice.event as unknown as MessageTemplate;
    const targets = new Map<ClientDescriptor, string[]>();
    // Bots registered with all_public_streams (and narrowed queues) see public channels whole.
    if (template.stream_name !== undefined && !template.invite_only) {
      for (const client of this.realmWide.get(notice.realmId) ?? []) targets.set(client, []);
    }
    for (const user of notice.users) {
      const flags = typeof user === "number" ? [] : user.flags;
      for (const client of this.forUser(userIdOf(user))) targets.set(client, flags);
    }
    const payloads = new Map<string, Record<string, unknown>>();
    for (const [client, flags] of targets) {
      if (!client.acceptsMessages()) continue;
      const key = `${+client.applyMarkdown}${+client.clientGravatar}${+client.capabilities.emptyTopicName}`;
      let message = payloads.get(key);
      if (!message) payloads.set(key, (message = finalizeMessage(template, client)));
      const userEvent: Record<string, unknown> = { type: "message", message, flags };
      if (template.sender_queue_id === client.id && template.local_id !== undefined) userEvent.local_message_id = template.local_id;
      if (client.acceptsEvent(userEvent)) client.addEvent(userEvent, notice.stamp, true);
    }
  }

  private deliverUpdateMessage(notice: Notice): void {
    for (const user of notice.users) {
      const userEvent: Record<string, unknown> = { ...notice.event, flags: typeof user === "number" ? [] : user.flags };
      for (const client of this.forUser(userIdOf(user))) {
        let shaped = userEvent;
        if (!client.capabilities.emptyTopicName && (userEvent.orig_subject === "" || userEvent.subject === "")) {
          shaped = { ...userEvent };
          if (shaped.orig_subject === "") shaped.orig_subject = EMPTY_TOPIC_DISPLAY_NAME;
          if (shaped.subject === "") shaped.subject = EMPTY_TOPIC_DISPLAY_NAME;
        }
        if (client.acceptsEvent(shaped)) client.addEvent(shaped, notice.stamp);
      }
    }
  }
}

function emptyTopicFor(client: ClientDescriptor, event: Record<string, unknown>, key: string): Record<string, unknown> {
  if (event[key] !== "" || client.capabilities.emptyTopicName) return event;
  return { ...event, [key]: EMPTY_TOPIC_DISPLAY_NAME };
}

function unreadDetailsFor(client: ClientDescriptor, event: Record<string, unknown>): Record<string, unknown> {
  if (client.capabilities.emptyTopicName) return event;
  const details: Record<string, Record<string, unknown>> = {};
  for (const [id, detail] of Object.entries(event.message_details as Record<string, Record<string, unknown>>)) {
    details[id] = detail.type === "stream" && detail.topic === "" ? { ...detail, topic: EMPTY_TOPIC_DISPLAY_NAME } : detail;
  }
  return { ...event, message_details: details };
}

/** Presence events come in three shapes: simplified (FL 419), slim, and legacy (by email). */
function presenceFor(client: ClientDescriptor, event: Record<string, unknown>): Record<string, unknown> {
  if (client.capabilities.simplifiedPresenceEvents) return { type: "presence", presences: event.presences };
  const shaped: Record<string, unknown> = { type: "presence", user_id: event.user_id };
  if (!client.slimPresence) shaped.email = event.email;
  shaped.server_timestamp = event.server_timestamp;
  shaped.presence = event.presence;
  return shaped;
}
