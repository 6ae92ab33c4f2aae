// The web app's built-in left-sidebar views: a user may pin or unpin them but not rename them;
// any other fragment is a custom view and needs a name.
export const BUILT_IN_VIEW_FRAGMENTS: readonly string[] = [
  "inbox",
  "recent",
  "feed",
  "narrow/is/mentioned",
  "narrow/is/starred",
  "narrow/has/reaction/sender/me",
  "drafts",
  "scheduled",
  "reminders",
];

export const isBuiltInView = (fragment: string) => BUILT_IN_VIEW_FRAGMENTS.includes(fragment);
