// Beacon monitor dashboard: small progressive enhancements. Every page works without it.
/* global document, window, fetch, navigator, URLSearchParams */
"use strict";

function onReady(fn) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn);
  else fn();
}

// Forms that do something hard to undo ask first.
function confirmForms() {
  document.addEventListener("submit", (event) => {
    const message = event.target.getAttribute && event.target.getAttribute("data-confirm");
    if (message && !window.confirm(message)) event.preventDefault();
  });
}

function copyButtons() {
  document.querySelectorAll("[data-copy-target]").forEach((button) => {
    button.addEventListener("click", () => {
      const target = document.querySelector(button.getAttribute("data-copy-target"));
      if (!target || !navigator.clipboard) return;
      navigator.clipboard.writeText(target.textContent.trim()).then(() => {
        const label = button.textContent;
        button.textContent = "Copied";
        setTimeout(() => (button.textContent = label), 1500);
      });
    });
  });
}

function searchBox() {
  document.querySelectorAll("[data-filter-rows]").forEach((input) => {
    const rows = () => document.querySelectorAll(input.getAttribute("data-filter-rows"));
    input.addEventListener("input", () => {
      const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      rows().forEach((row) => {
        const text = row.getAttribute("data-search") || "";
        row.hidden = !words.every((w) => text.includes(w));
      });
    });
  });
}

// The checks list polls its status feed so dots and "last ping" stay current.
function liveStatus() {
  const table = document.querySelector("table.checks[data-status-url]");
  if (!table) return;
  const url = table.getAttribute("data-status-url");
  const refresh = () =>
    fetch(url, { credentials: "same-origin", headers: { accept: "application/json" } })
      .then((r) => (r.ok ? r.json() : null))
      .then((data) => {
        if (!data) return;
        for (const c of data.checks) {
          const row = table.querySelector(`tr[data-uuid="${c.uuid}"]`);
          if (!row) continue;
          const dot = row.querySelector(".dot");
          dot.className = `dot ${c.status}`;
          dot.title = c.label;
          dot.setAttribute("aria-label", c.label);
          const last = row.querySelector(".last-ping");
          if (last.textContent.trim() !== c.last_ping) last.textContent = c.last_ping;
        }
      })
      .catch(() => {});
  setInterval(refresh, 15000);
}

// The schedule editor: show the fields of the chosen kind and preview the next runs.
function scheduleForm() {
  document.querySelectorAll("form.schedule-form").forEach((form) => {
    const preview = form.querySelector(".preview");
    const kind = () => (form.querySelector("input[name=kind]:checked") || {}).value || "simple";
    let timer = null;
    const update = () => {
      const k = kind();
      form.setAttribute("data-kind", k);
      if (k === "simple") return;
      const params = new URLSearchParams({ kind: k, schedule: form.elements.schedule.value, tz: form.elements.tz.value });
      fetch(`${form.getAttribute("data-preview-url")}?${params}`, { credentials: "same-origin" })
        .then((r) => (r.ok ? r.text() : ""))
        .then((html) => {
          if (html) preview.innerHTML = html; // server-rendered and escaped
        })
        .catch(() => {});
    };
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(update, 250);
    };
    form.querySelectorAll("input[name=kind]").forEach((r) => r.addEventListener("change", update));
    form.elements.schedule.addEventListener("input", later);
    form.elements.tz.addEventListener("input", later);
    form.setAttribute("data-kind", kind());
  });
}

function selectAll() {
  document.querySelectorAll("[data-check-all], [data-check-none]").forEach((link) => {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      const name = link.getAttribute("data-check-all") || link.getAttribute("data-check-none");
      const value = link.hasAttribute("data-check-all");
      link.closest("form").querySelectorAll(`input[name="${name}"]`).forEach((box) => (box.checked = value));
    });
  });
}

// The checks list's integration icons switch an integration on or off for one check in place.
function integrationSwitches() {
  const csrf = document.querySelector("input[name=csrf]");
  document.querySelectorAll("button[data-toggle-url]").forEach((button) => {
    button.addEventListener("click", () => {
      const enable = button.classList.contains("off");
      const body = new URLSearchParams({ enabled: enable ? "1" : "0", csrf: csrf ? csrf.value : "" });
      button.disabled = true;
      fetch(button.getAttribute("data-toggle-url"), { method: "POST", credentials: "same-origin", headers: { accept: "application/json" }, body })
        .then((r) => (r.ok ? r.json() : null))
        .then((data) => {
          if (!data) return;
          button.classList.toggle("off", !data.enabled);
          button.setAttribute("aria-pressed", data.enabled ? "true" : "false");
          button.title = `${button.getAttribute("data-label")}: ${data.enabled ? "on" : "off"}`;
        })
        .catch(() => {})
        .finally(() => (button.disabled = false));
    });
  });
}

// The unsubscribe page of an old link submits itself (the upstream's behaviour; a fresh link
// waits for the button, since mail scanners open links as soon as a message arrives).
function autoSubmit() {
  const form = document.querySelector("form[data-autosubmit]");
  if (form) form.submit();
}

onReady(() => {
  autoSubmit();
  confirmForms();
  copyButtons();
  searchBox();
  liveStatus();
  scheduleForm();
  selectAll();
  integrationSwitches();
});
