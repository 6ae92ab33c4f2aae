// A default channel group as Zulip's DefaultStreamGroup.to_dict: channel ids since feature level 330.
import type { DefaultStreamGroup } from "../store/default-stream-groups.js";

export const presentDefaultStreamGroup = (g: DefaultStreamGroup & { streams: number[] }): Record<string, unknown> => ({ name: g.name, id: g.id, description: g.description, streams: g.streams });
