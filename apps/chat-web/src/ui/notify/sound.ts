// The notification sound: a short two-note chime made with the Web Audio API (no file). A
// browser lets a page play sound only after the person has interacted with it; before that the
// chime is skipped.
let context: AudioContext | null = null;

export function chime(): void {
  try {
    context ??= new AudioContext();
    if (context.state === "suspended") void context.resume();
    const start = context.currentTime;
    for (const [i, frequency] of [880, 1318.5].entries()) {
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      const t = start + i * 0.12;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.18, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.35);
      tone.connect(gain).connect(context.destination);
      tone.start(t);
      tone.stop(t + 0.4);
    }
  } catch {
    // no audio device, or not allowed yet
  }
}
