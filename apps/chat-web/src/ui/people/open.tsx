// Opening a person's profile card from anywhere a name or picture shows (a message's sender,
// the people list): the card's code loads on the first open.
import { openPopover } from "../overlays";

export async function openProfileCard(anchor: HTMLElement, userId: number): Promise<void> {
  const { ProfileCard } = await import("./ProfileCard");
  openPopover(anchor, "Profile", () => <ProfileCard userId={userId} />);
}
