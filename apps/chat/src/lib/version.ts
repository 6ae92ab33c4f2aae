// What the server reports as its Zulip API level (see api-notes §1.1: the spec is at FL 509).
export const ZULIP_FEATURE_LEVEL = 509;
export const ZULIP_VERSION = "13.0-dev+git";
export const ZULIP_MERGE_BASE = ZULIP_VERSION;
