// Pushbullet: listed by the API and the dashboard, stored as given, not delivered yet (each alert
// records why). ../README.md says how to build it in this folder.
import { unbuiltKind } from "../kind.js";

export const pushbullet = unbuiltKind("pushbullet", "Pushbullet");
