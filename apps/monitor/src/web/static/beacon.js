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

// Copies text. The clipboard API exists only in secure contexts (HTTPS, localhost); a
// dashboard served over plain HTTP on a LAN name has none, so, as Healthchecks does, select the
// text in a textarea kept off screen and ask the browser to copy the selection.
function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  return new Promise((resolve, reject) => {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "copy-helper";
    document.body.appendChild(area);
    area.select();
    area.setSelectionRange(0, text.length);
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
    area.remove();
    if (copied) resolve();
    else reject(new Error("copy refused"));
  });
}

function copyButtons() {
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("[data-copy-target]");
    if (!button) return;
    const target = document.querySelector(button.getAttribute("data-copy-target"));
    if (!target) return;
    const text = (target.value !== undefined ? target.value : target.textContent).trim();
    const label = button.getAttribute("data-label") || button.textContent;
    button.setAttribute("data-label", label);
    copyText(text).then(
      () => (button.textContent = "Copied!"),
      () => (button.textContent = "Press Ctrl+C"),
    );
    setTimeout(() => (button.textContent = label), 1500);
  });
}

const pad = (n) => String(n).padStart(2, "0");

function zoneName(date, timeZone) {
  const part = new Intl.DateTimeFormat("en-GB", { timeZone, timeZoneName: "short" }).formatToParts(date).find((p) => p.type === "timeZoneName");
  return part ? part.value : "";
}

// Times in logs are sent in UTC; show them in the viewer's zone unless the viewer chose UTC
// (the choice is remembered in this browser).
function localTimes() {
  const KEY = "beacon.zone";
  const stored = () => {
    try {
      return window.localStorage.getItem(KEY) || "local";
    } catch {
      return "local";
    }
  };
  const render = (zone) => {
    document.querySelectorAll("time[data-local]").forEach((el) => {
      const iso = el.getAttribute("datetime");
      const d = new Date(iso);
      el.textContent =
        zone === "utc"
          ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`
          : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${zoneName(d)}`;
      el.title = zone === "utc" ? "Coordinated Universal Time" : Intl.DateTimeFormat().resolvedOptions().timeZone;
    });
    document.querySelectorAll("[data-zone-toggle] button").forEach((b) => {
      b.setAttribute("aria-pressed", b.getAttribute("data-zone") === zone ? "true" : "false");
    });
  };
  document.querySelectorAll("[data-zone-toggle]").forEach((toggle) => {
    toggle.hidden = false;
    toggle.addEventListener("click", (event) => {
      const zone = event.target.getAttribute && event.target.getAttribute("data-zone");
      if (!zone) return;
      try {
        window.localStorage.setItem(KEY, zone);
      } catch {
        /* private mode: the choice lasts this page */
      }
      render(zone);
    });
  });
  render(stored());
}

// A schedule's next runs are listed in the check's zone; add the viewer's own when it differs.
function viewerZoneRuns(root) {
  const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
  root.querySelectorAll("time[data-zoned]").forEach((el) => {
    if (el.nextElementSibling && el.nextElementSibling.classList.contains("your-time")) return;
    const d = new Date(el.getAttribute("datetime"));
    const mine = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
    const theirs = el.textContent;
    if (theirs.includes(`${mine} `) && theirs.endsWith(zoneName(d))) return;
    const span = document.createElement("span");
    span.className = "your-time muted small";
    const day = d.toLocaleDateString("en-GB", { weekday: "short", day: "2-digit", month: "short" });
    span.textContent = ` · ${day}, ${mine} ${zoneName(d)} your time`;
    span.title = `In your time zone, ${here}`;
    el.after(span);
  });
}

function searchBox() {
  document.querySelectorAll("[data-filter-rows]").forEach((input) => {
    const rows = () => document.querySelectorAll(input.getAttribute("data-filter-rows"));
    const none = document.querySelector(".no-match");
    input.addEventListener("input", () => {
      const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      let shown = 0;
      rows().forEach((row) => {
        const text = row.getAttribute("data-search") || "";
        row.hidden = !words.every((w) => text.includes(w));
        if (!row.hidden) shown++;
      });
      if (none) none.hidden = shown > 0;
    });
  });
}

// A check's "maintenance" marker beside its name, as the list's status feed says: its tooltip, or null.
function maintenanceMarker(row, title) {
  let marker = row.querySelector(".maintenance-marker");
  if (!title) {
    if (marker) marker.remove();
    return;
  }
  if (!marker) {
    marker = document.createElement("span");
    marker.className = "pill maintenance maintenance-marker";
    marker.textContent = "maintenance";
    row.querySelector(".name-cell > a").after(marker);
  }
  marker.title = title;
}

// The checks list polls its status feed so dots, "last ping" and maintenance markers stay current.
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
          maintenanceMarker(row, c.maintenance);
        }
      })
      .catch(() => {});
  setInterval(refresh, 15000);
}

function fetchPreview(url, kind, schedule, tz, preview) {
  const params = new URLSearchParams({ kind, schedule, tz });
  return fetch(`${url}?${params}`, { credentials: "same-origin" })
    .then((r) => (r.ok ? r.text() : ""))
    .then((html) => {
      if (!html) return;
      preview.innerHTML = html; // server-rendered and escaped
      viewerZoneRuns(preview);
    })
    .catch(() => {});
}

function describeSeconds(seconds) {
  const units = [
    [604800, "week"],
    [86400, "day"],
    [3600, "hour"],
    [60, "minute"],
  ];
  const parts = [];
  let rest = seconds;
  for (const [size, unit] of units) {
    if (rest >= size && parts.length < 2) {
      const n = Math.floor(rest / size);
      parts.push(`${n} ${unit}${n === 1 ? "" : "s"}`);
      rest -= n * size;
    }
  }
  return parts.join(" ") || `${seconds} seconds`;
}

// The checks list's dialog for a check's period and grace (or expression), as upstream's:
// sliders over common durations, presets, and an expression tab with a preview.
function scheduleDialog() {
  const dialog = document.getElementById("schedule-dialog");
  if (!dialog || typeof dialog.showModal !== "function") return;
  const form = dialog.querySelector("form");
  const stops = JSON.parse(dialog.getAttribute("data-stops"));
  const preview = form.querySelector(".preview");
  const setDuration = (name, seconds) => {
    form.elements[`${name}_value`].value = String(seconds);
    form.querySelector(`[data-out=${name}]`).textContent = describeSeconds(seconds);
    let nearest = 0;
    stops.forEach((s, i) => {
      if (Math.abs(s - seconds) < Math.abs(stops[nearest] - seconds)) nearest = i;
    });
    form.querySelector(`[data-slider=${name}]`).value = String(nearest);
  };
  const refresh = () => {
    const kind = form.elements.kind.value;
    if (kind !== "simple") fetchPreview(form.getAttribute("data-preview-url"), kind, form.elements.schedule.value, form.elements.tz.value, preview);
  };
  const setKind = (kind) => {
    form.elements.kind.value = kind;
    form.setAttribute("data-kind", kind);
    form.querySelectorAll("[data-kind-tab]").forEach((b) => b.classList.toggle("active", b.getAttribute("data-kind-tab") === kind));
    refresh();
  };
  form.querySelectorAll("[data-slider]").forEach((slider) =>
    slider.addEventListener("input", () => {
      const name = slider.getAttribute("data-slider");
      const seconds = stops[Number(slider.value)];
      form.elements[`${name}_value`].value = String(seconds);
      form.querySelector(`[data-out=${name}]`).textContent = describeSeconds(seconds);
    }),
  );
  form.querySelectorAll("[data-preset]").forEach((b) => b.addEventListener("click", () => setDuration(b.getAttribute("data-preset"), Number(b.getAttribute("data-seconds")))));
  form.querySelectorAll("[data-kind-tab]").forEach((b) => b.addEventListener("click", () => setKind(b.getAttribute("data-kind-tab"))));
  let timer = null;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, 250);
  };
  form.elements.schedule.addEventListener("input", later);
  form.elements.tz.addEventListener("input", later);
  dialog.querySelector("[data-close-dialog]").addEventListener("click", () => dialog.close());
  document.querySelectorAll("[data-edit-schedule]").forEach((link) =>
    link.addEventListener("click", (event) => {
      event.preventDefault();
      form.action = link.getAttribute("data-edit-schedule");
      dialog.querySelector("[data-modal-name]").textContent = link.getAttribute("data-name");
      setDuration("timeout", Number(link.getAttribute("data-timeout")));
      setDuration("grace", Number(link.getAttribute("data-grace")));
      form.elements.schedule.value = link.getAttribute("data-schedule");
      form.elements.tz.value = link.getAttribute("data-tz");
      preview.innerHTML = "";
      setKind(link.getAttribute("data-kind"));
      dialog.showModal();
    }),
  );
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
      fetchPreview(form.getAttribute("data-preview-url"), k, form.elements.schedule.value, form.elements.tz.value, preview);
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

// Usage examples as tabs: one language shown at a time.
function tabs() {
  document.querySelectorAll("[data-tabs]").forEach((box) => {
    box.classList.add("tabbed");
    const show = (id) => {
      box.querySelectorAll("[data-tab]").forEach((b) => b.setAttribute("aria-selected", b.getAttribute("data-tab") === id ? "true" : "false"));
      box.querySelectorAll("[data-tab]").forEach((b) => b.classList.toggle("active", b.getAttribute("data-tab") === id));
      box.querySelectorAll(".snippet").forEach((s) => s.classList.toggle("shown", s.id === id));
    };
    box.querySelectorAll("[data-tab]").forEach((b) => b.addEventListener("click", () => show(b.getAttribute("data-tab"))));
    const first = box.querySelector("[data-tab]");
    if (first) show(first.getAttribute("data-tab"));
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
  localTimes();
  viewerZoneRuns(document);
  searchBox();
  liveStatus();
  scheduleForm();
  scheduleDialog();
  tabs();
  selectAll();
  integrationSwitches();
});
