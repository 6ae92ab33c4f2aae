// Outbound SMTP for both servers: one nodemailer transport per settings object, reused across
// sends. Each app keeps its own settings (MONITOR_SMTP_*, CHAT_SMTP_*) and message content.
import nodemailer, { type Transporter } from "nodemailer";

export interface SmtpSettings {
  smtpHost: string;
  smtpPort: number;
  /** implicit TLS from the first byte (port 465 style) */
  smtpUseSsl: boolean;
  /** STARTTLS required */
  smtpUseTls: boolean;
  smtpUser: string;
  smtpPassword: string;
}

const transports = new WeakMap<SmtpSettings, Transporter>();

export function smtpTransport(settings: SmtpSettings): Transporter {
  let transporter = transports.get(settings);
  if (!transporter) {
    transporter = nodemailer.createTransport({
      host: settings.smtpHost,
      port: settings.smtpPort,
      secure: settings.smtpUseSsl,
      requireTLS: settings.smtpUseTls && !settings.smtpUseSsl,
      ignoreTLS: !settings.smtpUseTls && !settings.smtpUseSsl,
      auth: settings.smtpUser ? { user: settings.smtpUser, pass: settings.smtpPassword } : undefined,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 30_000,
    });
    transports.set(settings, transporter);
  }
  return transporter;
}
