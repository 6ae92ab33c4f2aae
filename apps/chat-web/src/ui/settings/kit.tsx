// Building blocks of the settings panes: a control bound to one personal setting (saved through
// PATCH /json/settings, shown from the user_settings event that follows), data loaded when a
// pane opens, and a line that says how the last change went.
import { useSignal, type Signal } from "@preact/signals";
import type { ComponentChildren } from "preact";
import { useEffect } from "preact/hooks";
import { ApiError, api, type Params } from "../../api/client";
import { userSettings } from "../../state/settings";

export type Status = { kind: "saving" | "saved" | "error"; text: string } | null;

/** Runs a change, keeping `status` up to date; resolves to whether it succeeded. */
export async function attempt(status: Signal<Status>, run: () => Promise<unknown>, saved = "Saved"): Promise<boolean> {
  status.value = { kind: "saving", text: "Saving…" };
  try {
    await run();
    status.value = { kind: "saved", text: saved };
    return true;
  } catch (error) {
    status.value = { kind: "error", text: error instanceof ApiError ? error.message : String(error) };
    return false;
  }
}

export function StatusLine({ status, testId }: { status: Status; testId?: string }) {
  if (!status) return null;
  return (
    <span class={`settings-status ${status.kind}`} role={status.kind === "error" ? "alert" : "status"} data-testid={testId}>
      {status.text}
    </span>
  );
}

/** Saves personal settings; the event that follows updates userSettings (and the page). */
export const saveSettings = (changes: Params) => api.patch("/settings", changes);

/**
 * The value a control shows: what the person chose while it is being saved (the event that
 * confirms it comes a moment later), else the stored one; a refused change falls back.
 */
function useChosen<T>(stored: T): { shown: T; choose: (value: T, save: () => Promise<boolean>) => void } {
  const chosen = useSignal<{ value: T } | null>(null);
  useEffect(() => {
    if (chosen.peek() && chosen.peek()!.value === stored) chosen.value = null;
  }, [stored]);
  return {
    shown: chosen.value ? chosen.value.value : stored,
    choose: (value, save) => {
      chosen.value = { value };
      void save().then((ok) => {
        if (!ok) chosen.value = null;
      });
    },
  };
}

export function Toggle({ setting, label, hint }: { setting: string; label: string; hint?: string }) {
  const status = useSignal<Status>(null);
  const { shown, choose } = useChosen(Boolean(userSettings.value[setting]));
  return (
    <label class="settings-toggle">
      <input
        type="checkbox"
        name={setting}
        checked={shown}
        onChange={(e) => {
          const checked = (e.currentTarget as HTMLInputElement).checked;
          choose(checked, () => attempt(status, () => saveSettings({ [setting]: checked })));
        }}
      />
      <span>
        {label}
        {hint && <small class="settings-hint">{hint}</small>}
      </span>
      <StatusLine status={status.value} />
    </label>
  );
}

export function Choice({ setting, label, options }: { setting: string; label: string; options: [value: string | number, text: string][] }) {
  const status = useSignal<Status>(null);
  const { shown, choose } = useChosen(String(userSettings.value[setting] ?? ""));
  return (
    <label class="settings-field">
      <span class="settings-label">{label}</span>
      <select
        name={setting}
        value={shown}
        onChange={(e) => {
          const raw = (e.currentTarget as HTMLSelectElement).value;
          const option = options.find(([v]) => String(v) === raw);
          if (option) choose(raw, () => attempt(status, () => saveSettings({ [setting]: option[0] })));
        }}
      >
        {options.map(([v, text]) => (
          <option key={String(v)} value={String(v)}>
            {text}
          </option>
        ))}
      </select>
      <StatusLine status={status.value} />
    </label>
  );
}

export function Section({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <section class="settings-section">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** Data a pane reads when it opens: `value` null while loading, `error` when it failed. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = []): { value: T | null; error: string | null; reload: () => void } {
  const value = useSignal<T | null>(null);
  const error = useSignal<string | null>(null);
  const serial = useSignal(0);
  useEffect(() => {
    let live = true;
    load().then(
      (v) => live && ((value.value = v), (error.value = null)),
      (e: unknown) => live && (error.value = e instanceof ApiError ? e.message : String(e)),
    );
    return () => void (live = false);
  }, [...deps, serial.value]);
  return { value: value.value, error: error.value, reload: () => serial.value++ };
}

export function Loading({ error }: { error: string | null }) {
  return error ? (
    <p class="settings-status error" role="alert">
      {error}
    </p>
  ) : (
    <p class="settings-muted">Loading…</p>
  );
}

/** Copies text, also where the clipboard API is missing (plain HTTP): a selected field and execCommand. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
}

/**
 * A section of /register that the app's own register leaves out (muted users, user topics,
 * default channels, playgrounds), read when a pane opens. Its event queue is not wanted: it is
 * deleted at once rather than left to expire.
 */
export async function registerSection<T>(type: string, key: string): Promise<T> {
  const state = await api.post<Record<string, unknown>>("/register", { fetch_event_types: [type], event_types: [type] });
  if (typeof state.queue_id === "string") void api.delete("/events", { queue_id: state.queue_id }).catch(() => {});
  return state[key] as T;
}
