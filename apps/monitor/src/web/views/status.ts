// Status dots and labels, shared by every page that shows a check's state.
import type { ComputedStatus } from "../../lib/status.js";
import { html, type Html } from "../html.js";

export const STATUS_LABELS: Record<ComputedStatus, string> = {
  new: "New",
  up: "Up",
  grace: "Late",
  down: "Down",
  paused: "Paused",
  started: "Running",
};

export function statusDot(status: ComputedStatus): Html {
  return html`<span class="dot ${status}" title="${STATUS_LABELS[status]}" aria-label="${STATUS_LABELS[status]}"></span>`;
}

export function statusPill(status: ComputedStatus): Html {
  return html`<span class="pill ${status}">${STATUS_LABELS[status]}</span>`;
}
