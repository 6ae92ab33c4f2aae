// The organization's user list (GET /json/users), fetched apart from /register and after the
// first view is on screen: the channel list and the first messages need none of it, and in a
// large organization it is most of /register's bytes (state/users.ts holds what comes meanwhile).
import { effect } from "@preact/signals";
import { ApiError, api } from "./client";
import { firstViewShown } from "../state/session";
import { expectUsers, setUsers } from "../state/users";
import type { User } from "../state/types";

let generation = 0;

/** Starts loading the list: once the first view is shown, or at once when it already was. */
export function loadUsers(): void {
  expectUsers();
  const mine = ++generation;
  const dispose = effect(() => {
    if (!firstViewShown.value) return;
    queueMicrotask(() => dispose());
    void fetchUsers(mine);
  });
}

async function fetchUsers(mine: number): Promise<void> {
  for (let attempt = 0; mine === generation; attempt++) {
    try {
      const { members } = await api.get<{ members: User[] }>("/users", { client_gravatar: true });
      if (mine === generation) setUsers(members);
      performance.mark("beacon:users-loaded");
      return;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(500 * 2 ** attempt, 10_000)));
    }
  }
}
