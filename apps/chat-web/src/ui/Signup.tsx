// Sign-up from an invitation (/join/<key>/, /accounts/do_confirm/<key>): the server describes
// the invitation (organization, invited address or none for a reusable link), the person
// picks a name and a password, and lands in the app signed in.
import { useEffect, useRef, useState } from "preact/hooks";
import { request } from "../api/client";
import { signUp } from "./auth";
import { loadEstimator, rate, type PasswordRules } from "./password";
import "./auth.css";

interface Invite extends Partial<PasswordRules> {
  realm_name: string;
  email: string | null;
}

/**
 * The password box with the server's rules under it and a meter of how strong the password is,
 * judged as the server will judge it (ui/password.ts). A password the server would refuse
 * keeps the form from being sent, with the reason as the field's message.
 */
function NewPassword({ rules }: { rules: PasswordRules | null }) {
  const [value, setValue] = useState("");
  const [estimate, setEstimate] = useState<((p: string) => { guesses: number }) | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (rules && rules.password_min_guesses > 0) void loadEstimator().then((e) => setEstimate(() => e));
  }, [rules]);
  const strength = rules ? rate(value, rules, estimate ? estimate(value.slice(0, rules.password_max_length)).guesses : null) : null;
  useEffect(() => {
    input.current?.setCustomValidity(strength?.problem && value ? strength.problem : "");
  }, [strength?.accepted, strength?.problem, value]);
  return (
    <div class="new-password">
      <label>
        Password
        <input ref={input} name="password" type="password" autocomplete="new-password" required minLength={rules?.password_min_length} aria-describedby="password-rules password-strength" value={value} onInput={(e) => setValue(e.currentTarget.value)} />
      </label>
      {rules && (
        <>
          <p id="password-rules" class="password-rules" data-testid="password-rules">
            At least {rules.password_min_length} characters{rules.password_min_guesses > 0 ? ", and hard to guess" : ""}.
          </p>
          {value && strength && (
            <div id="password-strength" class={`password-strength ${strength.accepted ? "accepted" : "refused"}`} data-testid="password-strength" data-accepted={strength.accepted ? "true" : "false"}>
              <div class="password-meter" role="meter" aria-label="Password strength" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(strength.score * 100)} aria-valuetext={strength.label}>
                <span style={{ width: `${Math.round(strength.score * 100)}%` }} />
              </div>
              <span class="password-verdict">{strength.label}</span>
              {strength.problem && <span class="password-problem">{strength.problem}</span>}
            </div>
          )}
        </>
      )}
    </div>
  );
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
        <NewPassword rules={invite && invite.password_min_length !== undefined ? (invite as PasswordRules) : null} />
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
