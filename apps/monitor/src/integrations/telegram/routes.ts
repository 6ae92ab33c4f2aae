// Telegram's URLs, the upstream's: the bot's webhook, and the page its link opens. Like every
// kind's own routes, they answer 404 while the kind's settings are missing (web/routes/index.ts).
import { addIntegration } from "../../actions/web-integrations.js";
import { listAccessibleProjects } from "../../store/memberships.js";
import { accessProject, requireWrite } from "../../web/access.js";
import type { SignedInContext, WebRouter } from "../../web/context.js";
import { html } from "../../web/html.js";
import { pageResponse, redirectTo, WebError, type WebResponse } from "../../web/respond.js";
import { badLinkPage } from "../../web/views/email-links.js";
import { confirmationLink, inviteText, readConfirmation, readUpdate } from "./bot.js";
import { confirmPage, setupPage } from "./pages.js";
import { telegramSettings } from "./settings.js";
import { sendTelegramMessage } from "./transport.js";

const CONFIRM = "/integrations/add_telegram/";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The raw query string: the signed token is all of it. */
const tokenOf = (ctx: SignedInContext) => (ctx.request.url.includes("?") ? ctx.request.url.slice(ctx.request.url.indexOf("?") + 1) : "");

async function confirmation(ctx: SignedInContext): Promise<WebResponse> {
  const token = tokenOf(ctx);
  if (token === "") return pageResponse(setupPage(ctx.deps, ctx.visitor, telegramSettings.of(ctx.deps.config).botName));
  const recipient = readConfirmation(token, ctx.deps.secretKey, ctx.deps.clock.now().getTime());
  if (!recipient) return pageResponse(badLinkPage(ctx.deps, ctx.visitor));
  if (ctx.request.method === "GET") {
    const projects = await listAccessibleProjects(ctx.deps.db, ctx.account.id);
    return pageResponse(confirmPage(ctx.deps, ctx.visitor, recipient, projects, `${CONFIRM}?${token}`));
  }
  const uuid = ctx.form.get("project") ?? "";
  if (!UUID.test(uuid)) throw new WebError(400, "Choose a project.");
  const access = await accessProject(ctx.deps, ctx.account, uuid);
  requireWrite(access);
  await addIntegration(ctx.deps, ctx.account, access.project, { kind: "telegram", name: "", value: JSON.stringify(recipient) });
  return redirectTo(`/projects/${access.project.uuid}/integrations/`);
}

export function telegramRoutes(web: WebRouter): void {
  // Telegram calls this for every message the bot sees (setWebhook, `settelegramwebhook`).
  web.servicePost("/integrations/telegram/bot/", async (ctx) => {
    const update = readUpdate(Buffer.isBuffer(ctx.request.body) ? ctx.request.body : Buffer.alloc(0));
    if (update.kind === "bad_json") throw new WebError(400, "The update is not JSON.");
    if (update.kind === "start") {
      const { recipient } = update;
      const link = confirmationLink(ctx.deps.config, ctx.deps.secretKey, recipient, ctx.deps.clock.now().getTime());
      try {
        await sendTelegramMessage(ctx.deps.config, recipient.id, recipient.thread_id, inviteText(ctx.deps.config, link));
      } catch (error) {
        // Answering with an error would make Telegram send the update again and again.
        ctx.deps.log.warn({ err: error, chat: recipient.id }, "the Telegram bot could not answer /start");
      }
    }
    return pageResponse(html``);
  });

  web.get(CONFIRM, confirmation);
  web.post(CONFIRM, confirmation);
}
