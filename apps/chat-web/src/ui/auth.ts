// Signing in, out and up: the /accounts endpoints the server keeps for the web app (they set
// and clear the session cookie; no API key ever comes back).
import { request } from "../api/client";
import { start, stop } from "../api/events";
import { clearDraftStorage } from "../state/compose";
import { phase } from "../state/session";

export async function signIn(username: string, password: string): Promise<void> {
  await request("POST", "/accounts/login/", { username, password });
  await enterApp();
}

export async function signUp(fields: { key: string; full_name: string; password: string; email?: string }): Promise<void> {
  await request("POST", "/accounts/register/", fields);
  await enterApp();
}

/** After a sign-in or sign-up the address becomes the app's ("/"), keeping any narrow. */
async function enterApp(): Promise<void> {
  if (location.pathname !== "/") history.replaceState(null, "", `/${location.hash}`);
  await start();
  phase.value = "ready";
}

export async function signOut(): Promise<void> {
  stop();
  try {
    await request("POST", "/accounts/logout/");
  } finally {
    // The draft belongs to this person: the next one to sign in here must not see it.
    clearDraftStorage();
    location.assign("/login/");
  }
}
