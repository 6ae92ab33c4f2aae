// A short message at the bottom of the message view: "Link copied", or why an action failed
// (the server's words). One at a time; it goes by itself.
import { signal } from "@preact/signals";

export const toast = signal<{ text: string; error: boolean; serial: number } | null>(null);
let serial = 0;

export function showToast(text: string, error = false): void {
  const mine = ++serial;
  toast.value = { text, error, serial: mine };
  setTimeout(() => toast.peek()?.serial === mine && (toast.value = null), error ? 8000 : 2500);
}
