// Choosing a time: presets, or a date and time of one's own (the two popovers' shared part).
import { useSignal } from "@preact/signals";
import { fromInputValue, toInputValue, type Preset } from "../../state/time-presets";

export function WhenPicker({ presets, onPick, busy, testId }: { presets: Preset[]; onPick: (at: Date) => void; busy: boolean; testId: string }) {
  const custom = useSignal(toInputValue(new Date(Date.now() + 60 * 60_000)));
  const problem = useSignal<string | null>(null);
  const pickCustom = (event: Event) => {
    event.preventDefault();
    const at = fromInputValue(custom.value);
    if (!at) return void (problem.value = "Choose a date and a time.");
    if (at.getTime() <= Date.now()) return void (problem.value = "Choose a time in the future.");
    problem.value = null;
    onPick(at);
  };
  return (
    <div class="when" data-testid={testId}>
      <div class="menu">
        {presets.map((p) => (
          <button key={p.label} type="button" disabled={busy} data-testid="when-preset" onClick={() => onPick(p.at)}>
            {p.label}
          </button>
        ))}
      </div>
      <form class="when-custom" onSubmit={pickCustom}>
        <label>
          <span>Another time</span>
          <input type="datetime-local" name="when" value={custom.value} min={toInputValue(new Date())} onInput={(e) => (custom.value = e.currentTarget.value)} />
        </label>
        <button type="submit" class="org-button primary small" disabled={busy} data-testid="when-custom">
          Schedule
        </button>
      </form>
      {problem.value && (
        <p class="org-error" role="alert">
          {problem.value}
        </p>
      )}
    </div>
  );
}
