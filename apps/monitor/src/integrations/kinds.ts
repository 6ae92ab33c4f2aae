// Every integration kind, one line each, named as the upstream names it (hc/api/models.py,
// TRANSPORTS). A kind is the folder of that name beside this file; its index.ts exports the
// kind's definition under the same name. registry.ts reads this list.
export { apprise } from "./apprise/index.js";
export { call } from "./call/index.js";
export { discord } from "./discord/index.js";
export { email } from "./email/index.js";
export { github } from "./github/index.js";
export { googlechat } from "./googlechat/index.js";
export { gotify } from "./gotify/index.js";
export { group } from "./group/index.js";
export { matrix } from "./matrix/index.js";
export { mattermost } from "./mattermost/index.js";
export { msteamsw } from "./msteamsw/index.js";
export { ntfy } from "./ntfy/index.js";
export { opsgenie } from "./opsgenie/index.js";
export { pagertree } from "./pagertree/index.js";
export { pd } from "./pd/index.js";
export { po } from "./po/index.js";
export { pushbullet } from "./pushbullet/index.js";
export { rocketchat } from "./rocketchat/index.js";
export { shell } from "./shell/index.js";
export { signal } from "./signal/index.js";
export { slack } from "./slack/index.js";
export { sms } from "./sms/index.js";
export { spike } from "./spike/index.js";
export { telegram } from "./telegram/index.js";
export { trello } from "./trello/index.js";
export { victorops } from "./victorops/index.js";
export { webhook } from "./webhook/index.js";
export { whatsapp } from "./whatsapp/index.js";
export { zulip } from "./zulip/index.js";
