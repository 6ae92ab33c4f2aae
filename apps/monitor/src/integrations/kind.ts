// What an integration kind is. Everything Beacon knows about one kind (how it delivers, how
// the dashboard and the CLI set it up, what it needs from the environment, how it looks)
// lives in its folder and is described by one IntegrationKind, listed in kinds.ts.
import type { Command } from "commander";
import type { MonitorConfig } from "../config.js";
import type { ProjectAccess } from "../store/memberships.js";
import type { Channel } from "../store/schema.js";
import type { SignedInContext, WebRouter } from "../web/context.js";
import type { WebResponse } from "../web/respond.js";
import { TransportError, type Transport } from "./alert.js";
import type { KindForm } from "./form.js";
import { noSettings, type KindSettings } from "./settings.js";

/** A badge drawn by Beacon: white strokes on a coloured rounded square, 24 × 24 units. */
export interface KindIcon {
  color: string;
  /** SVG elements, stroked in white unless they say otherwise. */
  glyph: string;
}

/** A permanent delivery error (a 404 from the service, say) disables an integration. */
export const disabledNote = (channel: Channel): string[] => (channel.disabled ? ["Disabled."] : []);

/** How the dashboard adds an integration of this kind. */
export type KindSetup =
  /** A form of fields, rendered and validated by the dashboard (web/routes/integrations.ts). */
  | { form: KindForm }
  /** A page of the kind's own (instructions, an OAuth "Connect" button, …). */
  | { page(ctx: SignedInContext, access: ProjectAccess, catalog: KindCatalog): Promise<WebResponse> | WebResponse };

/**
 * What a kind's own pages may learn about the other kinds (the group lists them), handed in by
 * the web layer: a kind's folder never imports the registry, which imports every kind.
 */
export interface KindCatalog {
  /** How to name an integration to a person ("Ops (Slack)"). */
  channelLabel(channel: Channel): string;
  /** The badge of a kind, by name. */
  icon(kind: string): KindIcon;
}

export interface IntegrationKind {
  /** The upstream's kind name: stored in channels.kind and shown by GET /api/v3/channels/. */
  readonly kind: string;
  /** Display name, as the upstream shows it ("Microsoft Teams" for msteamsw). */
  readonly title: string;
  /** One sentence on the dashboard's "Add an integration" list. */
  readonly blurb: string;
  readonly icon: KindIcon;
  readonly settings: KindSettings;
  /** False for kinds the API lists but Beacon does not deliver yet. */
  readonly delivers: boolean;
  readonly transport: Transport;
  /** One line about a stored integration ("#ops on chat.example.org"). */
  summary(channel: Channel): string;
  /**
   * `beacon monitor create-integration --value`: the value to store, or an Error thrown with
   * the reason. A blank value never reaches it (an integration provisioned by name alone).
   */
  checkValue(raw: string): string;
  /** Absent: the dashboard cannot add this kind (it still lists and assigns existing ones). */
  readonly setup?: KindSetup;
  /** Routes of the kind's own: OAuth callbacks, a bot's webhook, confirmation pages. */
  routes?(web: WebRouter, catalog: KindCatalog): void;
  /** Commands of the kind's own under `beacon monitor` (`settelegramwebhook`). */
  commands?(monitor: Command, config: () => MonitorConfig): void;
  /** Warnings about one integration on the integrations page ("Disabled.", e-mail's "Unconfirmed: …"). */
  notes(channel: Channel): string[];
}

export type KindDefinition = Pick<IntegrationKind, "kind" | "title" | "icon" | "transport"> & Partial<Omit<IntegrationKind, "kind" | "title" | "icon" | "transport" | "delivers">>;

/** A delivered kind; what it leaves out gets a harmless default. */
export function defineKind(def: KindDefinition): IntegrationKind {
  return {
    blurb: "",
    settings: noSettings,
    summary: () => "",
    checkValue: (raw) => raw,
    notes: disabledNote,
    ...def,
    delivers: true,
  };
}

/**
 * A kind Beacon lists (GET /api/v3/channels/, the dashboard) and stores as given, but does not
 * deliver yet: each alert through it records why. Its folder holds just this until it is built.
 */
export function unbuiltKind(kind: string, title: string, icon: KindIcon = monogram(title, "#667085")): IntegrationKind {
  return {
    kind,
    title,
    blurb: "",
    icon,
    settings: noSettings,
    delivers: false,
    transport: {
      isNoop: () => false,
      notify: async () => {
        throw new TransportError(`${kind} notifications are not supported by this server.`);
      },
    },
    summary: () => "",
    checkValue: (raw) => raw,
    notes: disabledNote,
  };
}

/** An icon of the first letter of the title, for kinds without a drawing of their own. */
export function monogram(title: string, color: string): KindIcon {
  const letters = title.replace(/[^A-Za-z0-9]/g, "").slice(0, 1).toUpperCase();
  return { color, glyph: `<text x="12" y="16.5" text-anchor="middle" font-size="13" font-weight="700" font-family="system-ui, sans-serif" fill="#fff" stroke="none">${letters}</text>` };
}
