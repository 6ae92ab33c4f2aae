// The sign-in page: email and password, the server's own message when they are wrong.
import { useEffect, useState } from "preact/hooks";
import { request } from "../api/client";
import { signIn } from "./auth";
import "./auth.css";

export function Login() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [realm, setRealm] = useState<string>("");

  useEffect(() => {
    // The organization's name, public at its address (the first organization at the bare one).
    request<{ realm_name?: string }>("GET", "/json/server_settings")
      .then((s) => setRealm(s.realm_name ?? ""))
      .catch(() => {});
  }, []);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setError(null);
    try {
      await signIn(String(form.get("username") ?? "").trim(), String(form.get("password") ?? ""));
    } catch (e) {
      setError((e as Error).message || "Could not sign in.");
      setBusy(false);
    }
  };

  return (
    <div class="auth-page">
      <form class="auth-card" data-testid="login" onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">Sign in{realm ? ` to ${realm}` : ""}</h1>
        <label>
          Email
          <input name="username" type="email" autocomplete="username" required autoFocus />
        </label>
        <label>
          Password
          <input name="password" type="password" autocomplete="current-password" required />
        </label>
        {error && (
          <p class="auth-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </div>
  );
}
