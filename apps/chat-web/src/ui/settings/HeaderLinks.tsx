// The header's ways into the settings overlay: personal settings for everyone, the
// organization's administration for owners and administrators only (myRole follows role
// changes live; the server refuses the others anyway).
import { isAdmin } from "../../state/role";
import { Icon } from "../Icon";
import "./open";

export function HeaderLinks() {
  return (
    <>
      {isAdmin.value && (
        <a class="icon-button header-link" href="#organization/organization-profile" data-testid="open-admin" title="Organization settings">
          <Icon name="people" label="Organization settings" />
        </a>
      )}
      <a class="icon-button header-link" href="#settings/profile" data-testid="open-settings" title="Personal settings">
        <Icon name="gear" label="Personal settings" />
      </a>
    </>
  );
}
