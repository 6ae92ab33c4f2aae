// Who is signed in and the settings the views read. Filled by /register (api/events.ts).
import { signal } from "@preact/signals";

export interface Session {
  userId: number;
  /** the person's own real address (delivery_email), which they always see */
  email: string;
  fullName: string;
  realmName: string;
  twentyFourHourTime: boolean;
  timezone: string;
  emojiset: string;
}

/** "loading" until the first /register answers; "signed-out" shows the sign-in page. */
export const phase = signal<"loading" | "signed-out" | "ready">("loading");
export const session = signal<Session | null>(null);
/** Set once the first message view is on screen: what can wait for it starts then. */
export const firstViewShown = signal(false);
/** A problem worth a banner (the server unreachable, a send that failed). */
export const notice = signal<string | null>(null);

export function me(): Session {
  const s = session.peek();
  if (!s) throw new Error("not signed in");
  return s;
}
