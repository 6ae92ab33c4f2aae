// What the kinds' own pages learn about the other kinds (KindCatalog in integrations/kind.ts),
// answered from the registry.
import { monogram, type KindCatalog } from "../integrations/kind.js";
import { channelLabel, kindOf } from "../integrations/registry.js";

export const kindCatalog: KindCatalog = {
  channelLabel,
  icon: (name) => kindOf(name)?.icon ?? monogram(name, "#667085"),
};
