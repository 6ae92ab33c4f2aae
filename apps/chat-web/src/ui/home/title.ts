// The tab's title, as Zulip's web app writes it: the unread count first when there is one,
// then what is on screen with " > " between channel and topic, the organization, the product.

export function documentTitle(unread: number, heading: string, realmName: string): string {
  const count = unread > 0 ? `(${unread}) ` : "";
  return `${count}${heading.replace(" › ", " > ")} - ${realmName ? `${realmName} - ` : ""}Beacon`;
}
