// A short set-up guide on each kind's form: where the values the form asks for come from.
// Kinds with a page of their own (Telegram, Discord, Group…) explain themselves there.
import { html, type Html } from "../html.js";

const GUIDES: Record<string, string[]> = {
  email: ["Enter the address that should receive alerts.", "Unless it is your own address, we mail it a link: alerts start once it is followed.", "Choose whether it hears about checks going down, coming back up, or both."],
  googlechat: ["In Google Chat, open the space and choose Apps & integrations → Webhooks.", "Add a webhook, name it (for example after this site), and copy its URL.", "Paste the URL below."],
  gotify: ["In Gotify's web interface, open Apps and create an application.", "Copy the application's token.", "Enter your Gotify server's address and the token below."],
  mattermost: ["In Mattermost, open Integrations → Incoming Webhooks and add one.", "Pick the channel the alerts go to, and copy the webhook URL.", "Paste the URL below."],
  msteamsw: ["In Microsoft Teams, open the channel's Workflows and choose the template that posts to a channel when a webhook request is received.", "Finish the workflow and copy the URL it shows.", "Paste the URL below."],
  ntfy: ["Choose a topic name that is hard to guess (anyone who knows it can read it), or use a topic on your own ntfy server.", "Subscribe to the topic in the ntfy app on your phone.", "Enter the server and the topic below; add an access token if the topic is protected."],
  opsgenie: ["In Opsgenie, open the team's Integrations and add an API integration.", "Copy its API key; note whether your account is in the EU region.", "Enter the key and the region below."],
  pd: ["In PagerDuty, open the service's Integrations and add the Events API v2 integration.", "Copy its integration key.", "Paste the key below."],
  pagertree: ["In PagerTree, create an integration of type Webhook (or Healthchecks) for the team that should be paged.", "Copy its endpoint URL.", "Paste the URL below."],
  rocketchat: ["In Rocket.Chat, open Administration → Integrations and add an incoming webhook.", "Enable it, pick the channel, save, and copy the webhook URL.", "Paste the URL below."],
  slack: ["In Slack, create an app (or open yours) and turn on Incoming Webhooks.", "Add a webhook to the workspace, picking the channel, and copy its URL.", "Paste the URL below."],
  spike: ["In Spike, open Integrations and add a webhook integration.", "Copy the webhook URL it gives.", "Paste the URL below."],
  victorops: ["In Splunk On-Call, open Integrations → REST Endpoint and enable it.", "Copy the URL and replace the routing key at its end with yours.", "Paste the URL below."],
  webhook: ["Enter the URL to call when a check goes down, when it comes back up, or both.", "Pick the method; a POST or PUT can carry a body and headers.", "Placeholders such as $NAME, $STATUS and $NOW are filled in (see the field help)."],
  zulip: ["In Zulip, open Settings → Personal → Bots and add an incoming webhook bot.", "Note the bot's e-mail address and API key, and your organization's URL.", "Enter them below, with the stream and topic, or the person to message privately."],
};

export function integrationGuide(kind: string): Html | null {
  const steps = GUIDES[kind];
  if (!steps) return null;
  return html`<details class="guide" open><summary>How to set it up</summary><ol class="setup-steps">${steps.map((step) => html`<li>${step}</li>`)}</ol></details>`;
}
