// Loads the notifications code (ui/notify/Notifications.tsx) once the first view is on screen
// and draws its permission banner; nothing of it is part of the first view's script.
import { useEffect, useState } from "preact/hooks";
import type { ComponentType } from "preact";
import { firstViewShown } from "../../state/session";

let banner: ComponentType | null = null;

export function NotificationHost() {
  const [, loaded] = useState(0);
  const shown = firstViewShown.value;
  useEffect(() => {
    if (!shown || banner) return;
    void import("./Notifications").then((m) => {
      m.startNotifications();
      banner = m.NotificationBanner;
      loaded((n) => n + 1);
    });
  }, [shown]);
  const Banner = banner;
  return Banner ? <Banner /> : null;
}
