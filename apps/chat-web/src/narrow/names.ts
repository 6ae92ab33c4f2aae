// The names search text and URLs are written with, from the stores: channels by id and name,
// people by id and email, and who "me" is.
import { channelByName, channelName } from "../state/channels";
import { session } from "../state/session";
import { users } from "../state/users";
import type { Names } from "./terms";

export function searchNames(): Names {
  const all = users.peek();
  let byEmail: Map<string, number> | undefined;
  return {
    channelName,
    channelByName,
    userName: (id) => all.get(id)?.full_name,
    userEmail: (id) => all.get(id)?.email,
    userByEmail(email) {
      byEmail ??= new Map([...all.values()].map((u) => [u.email.toLowerCase(), u.user_id]));
      return byEmail.get(email.toLowerCase());
    },
    myUserId: session.peek()?.userId ?? 0,
  };
}
