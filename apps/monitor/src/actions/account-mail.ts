// The dashboard's account e-mails (invitations, password resets, the monthly report) through
// the app's one mail transport. Each is a plain-text body and its HTML twin.
import { smtpTransport } from "@beacon/platform";
import type { MonitorDeps } from "../deps.js";
import { htmlEscape } from "../integrations/text.js";

export interface Mail {
  subject: string;
  /** Paragraphs; a line that is a URL becomes a link in the HTML part. */
  paragraphs: string[];
}

function htmlOf(mail: Mail, site: string): string {
  const paragraph = (p: string) => (/^https?:\/\/\S+$/.test(p) ? `<p><a href="${htmlEscape(p)}">${htmlEscape(p)}</a></p>` : `<p>${htmlEscape(p).replace(/\n/g, "<br>")}</p>`);
  return `${mail.paragraphs.map(paragraph).join("")}<p>--<br>Regards,<br>${htmlEscape(site)}</p>`;
}

/** False when no SMTP server is configured or sending failed (logged). */
export async function sendAccountMail(deps: MonitorDeps, to: string, mail: Mail): Promise<boolean> {
  const { config } = deps;
  if (!config.smtpHost) return false;
  try {
    await smtpTransport(config).sendMail({
      from: config.smtpFrom,
      to,
      subject: mail.subject,
      text: [...mail.paragraphs, "--", "Regards,", config.siteName].join("\n\n"),
      html: htmlOf(mail, config.siteName),
    });
    return true;
  } catch (error) {
    deps.log.error({ err: error, subject: mail.subject }, "sending an account e-mail failed");
    return false;
  }
}
