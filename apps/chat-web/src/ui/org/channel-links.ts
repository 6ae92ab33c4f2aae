// Fragments of the channels overlay (Zulip's: `#channels/<id>/<name>/general`).
import { encodeHashComponent } from "../../narrow/hash";

export const settingsHash = (id: number, name: string, section: "general" | "personal" = "general") => `#channels/${id}/${encodeHashComponent(name.replace(/\s+/g, "-"))}/${section}`;
