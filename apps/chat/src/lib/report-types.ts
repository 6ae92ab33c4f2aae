// The message report types: advertised as server_report_message_types, accepted as
// POST /messages/{id}/report's report_type, named in the report (Realm.REPORT_MESSAGE_REASONS).
export const REPORT_MESSAGE_TYPES: readonly { key: string; name: string }[] = [
  { key: "spam", name: "Spam" },
  { key: "harassment", name: "Harassment" },
  { key: "inappropriate", name: "Inappropriate content" },
  { key: "norms", name: "Violates community norms" },
  { key: "other", name: "Other reason" },
];

export const MAX_REPORT_DESCRIPTION_LENGTH = 1000;

export const reportTypeName = (key: string): string | undefined => REPORT_MESSAGE_TYPES.find((t) => t.key === key)?.name;
