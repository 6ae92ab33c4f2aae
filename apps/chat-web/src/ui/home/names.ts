// Names the home views show for a direct conversation and a channel's topic.
import { session } from "../../state/session";
import { displayName } from "../../state/users";

/** "Grace Hopper, Alan Turing" for a conversation's other members; oneself for notes to self. */
export function conversationName(peers: readonly number[]): string {
  return peers.length ? peers.map(displayName).join(", ") : `${session.value?.fullName ?? "You"} (you)`;
}

export const peersOf = (key: string): number[] => (key ? key.split(",").map(Number) : []);
