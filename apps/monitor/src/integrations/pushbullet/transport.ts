// Pushbullet: a "note" push through the API with the user's access token (the stored
// value), titled with the site's name.
import { pythonJson } from "../../http/router.js";
import { send } from "../http.js";
import { formatDurationForSentence, nameThenCode, reasonLong } from "../text.js";
import type { AlertContext, Transport } from "../alert.js";
import { pushbulletSettings } from "./settings.js";

export function pushbulletText(alert: AlertContext): string {
  const { flip } = alert;
  const name = nameThenCode(alert.check);
  if (flip.new_status === "down") return `The check "${name}" is DOWN${flip.reason ? ` (${reasonLong(flip.reason)})` : ""}.`;
  const downtime = alert.downDuration ? `\nThe downtime lasted ${formatDurationForSentence(alert.downDuration)}.` : "";
  return `The check "${name}" is UP.${downtime}`;
}

export const pushbulletTransport: Transport = {
  isNoop: () => false,
  async notify(alert) {
    const { apiUrl } = pushbulletSettings.of(alert.config);
    await send({
      method: "POST",
      url: `${apiUrl}/v2/pushes`,
      headers: { "Access-Token": alert.channel.value, "Content-Type": "application/json" },
      body: pythonJson({ type: "note", title: alert.config.siteName, body: pushbulletText(alert) }),
      allowPrivateIps: true,
    });
  },
};
