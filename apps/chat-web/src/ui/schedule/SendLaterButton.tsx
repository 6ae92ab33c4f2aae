// The compose box's "send later" button: its menu (ui/schedule/SendLater.tsx) loads on the first click.
import { Icon } from "../Icon";
import { openPopover } from "../overlays";
import "./button.css";

export function SendLaterButton({ disabled }: { disabled?: boolean }) {
  const open = async (anchor: HTMLElement) => {
    const { SendLater } = await import("./SendLater");
    openPopover(anchor, "Send later", () => <SendLater />);
  };
  return (
    <button type="button" class="send-later" data-testid="send-later" aria-label="Send later" title="Send later" disabled={disabled} onClick={(e) => void open(e.currentTarget)}>
      <Icon name="clock" size={18} />
    </button>
  );
}
