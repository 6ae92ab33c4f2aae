// The current event queue's id, which sends carry so the server can tie their events to our
// local echoes.
import { signal } from "@preact/signals";

export const eventQueueId = signal<string | null>(null);
