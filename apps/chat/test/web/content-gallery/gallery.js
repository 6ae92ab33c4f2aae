// The gallery page's script: shows messages (HTML from the chat server) through the content
// module exactly as the web app does, and lets the test switch theme and context.
/* global window, document */
import { setContent, enhanceContent } from "../../../../chat-web/src/content/index.ts";

const COLOURS = ["#4f7cdb", "#c2579a", "#2f9b7a", "#d0822b", "#7a5bd0"];
const contentByMessage = new Map();

function initials(name) {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

function contextFor(message, viewer) {
  return {
    myUserId: viewer.userId,
    flags: message.flags,
    isMyGroup: (id) => viewer.groupIds.includes(id),
    userName: (id) => viewer.userNames?.[id],
    timeZone: viewer.timeZone,
    emojiset: viewer.emojiset,
    onNarrowLink: viewer.captureNarrows ? (hash) => window.narrowed.push(hash) : undefined,
    onImageOpen: viewer.captureImages ? (image) => window.opened.push(image) : undefined,
  };
}

function render(messages, viewer) {
  const main = document.getElementById("gallery");
  main.replaceChildren();
  contentByMessage.clear();
  messages.forEach((message, index) => {
    const article = document.createElement("article");
    article.className = "message";
    article.dataset.messageId = String(message.id);
    const avatar = document.createElement("div");
    avatar.className = "avatar";
    avatar.style.background = COLOURS[message.senderId % COLOURS.length];
    avatar.textContent = initials(message.sender);
    const sender = document.createElement("div");
    sender.className = "sender";
    sender.textContent = message.sender;
    const sent = document.createElement("time");
    sent.textContent = `${9 + Math.floor(index / 6)}:${String((index * 7) % 60).padStart(2, "0")}`;
    sender.append(sent);
    const content = document.createElement("div");
    content.className = "message-content";
    setContent(content, message.content, contextFor(message, viewer));
    contentByMessage.set(message.id, { content, message });
    article.append(avatar, sender, content);
    main.append(article);
  });
}

/** Runs enhanceContent again on every message with a changed viewer (a settings change). */
function reenhance(viewer) {
  for (const { content, message } of contentByMessage.values()) enhanceContent(content, contextFor(message, viewer));
}

function setTheme(theme) {
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

window.narrowed = [];
window.opened = [];
window.gallery = { render, reenhance, setTheme };
