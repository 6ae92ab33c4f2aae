// Creating a channel (POST /json/users/me/subscriptions with the new name, as Zulip's web app
// does): name, description, who may see it (the kinds the organization lets this user create),
// whether new subscribers see its history, who may post, and who is subscribed from the start
// (people by name, or whole groups). The server's refusal shows in the form, the fields kept.
import { effect, useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { api, ApiError } from "../../api/client";
import { go } from "../../narrow/router";
import { visibleChannels } from "../../state/channels";
import { channelNameProblem, creatablePrivacies, privacyFields, type Privacy } from "../../state/channel-rules";
import { userGroups } from "../../state/groups";
import { session } from "../../state/session";
import { realmSettings } from "../../state/settings";
import { GroupSelect } from "./GroupSelect";
import { PeoplePicker } from "./PeoplePicker";
import { whoAmI } from "./who";

/** Resolves when the channel is in the stores (its stream event came), or after two seconds. */
function known(id: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, 2000);
    const stop = effect(() => void (visibleChannels.value.has(id) && queueMicrotask(done)));
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}

const PRIVACY_TEXT: Record<Privacy, [string, string]> = {
  public: ["Public", "Members of the organization can find it, join it and read its history."],
  private: ["Private", "Only subscribers see it; new ones are added by someone who may."],
  "web-public": ["Web-public", "Anyone on the internet can read it without an account."],
};

export function CreateChannel() {
  const me = session.value!;
  const who = whoAmI();
  const kinds = creatablePrivacies(realmSettings.value, who);
  const name = useSignal("");
  const description = useSignal("");
  const privacy = useSignal<Privacy>("public");
  const historyPublic = useSignal(true);
  const poster = useSignal<number | null>(null);
  const people = useSignal<number[]>([me.userId]);
  const error = useSignal<string | null>(null);
  const busy = useSignal(false);

  // "Who can post" starts at everyone (Zulip's default for a new channel) once the groups are in.
  const everyone = userGroups.value?.find((g) => g.name === "role:everyone")?.id ?? null;
  useEffect(() => void (poster.value ??= everyone), [everyone]);
  useEffect(() => {
    if (kinds.length && !kinds.includes(privacy.value)) privacy.value = kinds[0]!;
  }, [kinds.join()]);

  if (!who.groups || who.role === undefined) return <p class="org-empty">Loading…</p>;
  if (!kinds.length) return <p class="org-empty" role="status">Your organization does not let you create channels.</p>;

  const submit = async (event: Event) => {
    event.preventDefault();
    const problem = channelNameProblem(name.value, visibleChannels.peek().values());
    if (problem) return void (error.value = problem);
    busy.value = true;
    error.value = null;
    const channelName = name.value.trim();
    try {
      await api.post("/users/me/subscriptions", {
        subscriptions: [{ name: channelName, description: description.value.trim() }],
        principals: people.value.length ? people.value : [me.userId],
        ...privacyFields(privacy.value, historyPublic.value),
        ...(poster.value !== null ? { can_send_message_group: poster.value } : {}),
      });
      const { stream_id } = await api.get<{ stream_id: number }>("/get_stream_id", { stream: channelName });
      // Into the new channel once its event has named it here (its link reads /<id>-<name>).
      await known(stream_id);
      go({ channelId: stream_id });
    } catch (e) {
      error.value = e instanceof ApiError ? e.message : String(e);
    } finally {
      busy.value = false;
    }
  };

  return (
    <form class="org-form" onSubmit={submit} data-testid="create-channel-form" noValidate>
      <a class="org-back" href="#channels/all">
        ‹ All channels
      </a>
      <label>
        <span>Name</span>
        <input name="name" required maxLength={60} value={name.value} onInput={(e) => (name.value = e.currentTarget.value)} autofocus />
      </label>
      <label>
        <span>Description</span>
        <textarea name="description" maxLength={1024} value={description.value} onInput={(e) => (description.value = e.currentTarget.value)} placeholder="What the channel is for (Markdown)" />
      </label>
      <fieldset>
        <legend>Who can see it</legend>
        {kinds.map((k) => (
          <label class="check" key={k}>
            <input type="radio" name="privacy" value={k} checked={privacy.value === k} onChange={() => (privacy.value = k)} />
            <span>
              <strong>{PRIVACY_TEXT[k][0]}</strong> <span class="org-hint">{PRIVACY_TEXT[k][1]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {privacy.value === "private" && (
        <label class="check">
          <input type="checkbox" name="history" checked={historyPublic.value} onChange={(e) => (historyPublic.value = e.currentTarget.checked)} />
          <span>New subscribers can read the messages sent before they joined</span>
        </label>
      )}
      <GroupSelect label="Who can post" name="can_send_message_group" value={poster.value ?? 0} onChange={(id) => (poster.value = id)} />
      <div class="org-form-field">
        <span class="org-label">Subscribers</span>
        <PeoplePicker label="Add subscribers" chosen={people.value} onChange={(ids) => (people.value = ids)} withGroups testId="subscriber-picker" />
      </div>
      {error.value && (
        <p class="org-error" role="alert">
          {error.value}
        </p>
      )}
      <div class="org-actions">
        <a class="org-button" href="#channels/all">
          Cancel
        </a>
        <button type="submit" class="org-button primary" disabled={busy.value} data-testid="create-channel-submit">
          {busy.value ? "Creating…" : "Create channel"}
        </button>
      </div>
    </form>
  );
}
