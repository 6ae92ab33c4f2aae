// The full profile, at `#user/<id>` (Zulip's fragment): the card's facts, larger, in a dialog.
import { leaveHashRoute } from "../../narrow/router";
import { displayName } from "../../state/users";
import { closeModal, Modal } from "../overlays";
import { ProfileBody } from "./ProfileCard";

export default function Profile({ path }: { path: string }) {
  const userId = Number(path.split("/")[1]);
  const close = () => (leaveHashRoute(), closeModal());
  if (!Number.isInteger(userId) || userId <= 0) {
    return (
      <Modal title="Profile" onClose={close}>
        <p class="org-empty">No such person.</p>
      </Modal>
    );
  }
  return (
    <Modal title={displayName(userId)} onClose={close} testId="profile-modal">
      <ProfileBody userId={userId} full />
    </Modal>
  );
}
