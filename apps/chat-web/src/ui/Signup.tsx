// Sign-up from an invitation (/join/<key>/, /accounts/do_confirm/<key>): the server describes
// the invitation (organization, invited address or none for a reusable link), the person
// picks a name and a password, and lands in the app signed in.
import { useEffect, useState } from "preact/hooks";
import { request } from "../api/client";
import { signUp } from "./auth";
import "./auth.css";

interface Invite {
  realm_name: string;
  email: string | null;
}

export function Signup({ inviteKey }: { inviteKey: string }) {
  const [invite, setInvite] = useState<Invite | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    request<Invite>("GET", "/accounts/invite_info/", { key: inviteKey })
      .then(setInvite)
      .catch((e: Error) => setFatal(e.message));
  }, [inviteKey]);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setError(null);
    try {
      await signUp({
        key: inviteKey,
        full_name: String(form.get("full_name") ?? "").trim(),
        password: String(form.get("password") ?? ""),
        email: invite?.email ? undefined : String(form.get("email") ?? "").trim(),
      });
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  if (fatal) {
    return (
      <div class="auth-page">
        <div class="auth-card">
          <h1>Invitation not valid</h1>
          <p role="alert">{fatal}</p>
          <a href="/login/">Go to sign in</a>
        </div>
      </div>
    );
  }
  return (
    <div class="auth-page">
      <form class="auth-card" data-testid="signup" onSubmit={submit} aria-labelledby="signup-title" aria-busy={!invite}>
        <h1 id="signup-title">Join {invite?.realm_name ?? "…"}</h1>
        <label>
          Email
          {invite?.email ? <input name="email" type="email" value={invite.email} readOnly /> : <input name="email" type="email" autocomplete="email" required />}
        </label>
        <label>
          Full name
          <input name="full_name" autocomplete="name" required autoFocus />
        </label>
        <label>
          Password
          <input name="password" type="password" autocomplete="new-password" required minLength={6} />
        </label>
        {error && (
          <p class="auth-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy || !invite}>
          {busy ? "Creating your account…" : "Sign up"}
        </button>
      </form>
    </div>
  );
}
