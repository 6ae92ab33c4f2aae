// Rendered message content: styles (imported here, once) and behaviour. See README.md.
import "./content.css";

export { CONTENT_CLASS, enhanceContent, setContent } from "./enhance";
export type { ContentContext, ContentImage, ContentLabels, MessageFlag } from "./context";
export { DEFAULT_LABELS } from "./context";
export { emojiImageUrl } from "./emoji";
export { narrowHash } from "./links";
