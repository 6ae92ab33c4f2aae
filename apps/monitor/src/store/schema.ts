// Table types for Kysely. Timestamps are epoch milliseconds (number); booleans are 0/1
// integers so the same queries run on SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable } from "kysely";

export type StoredStatus = "new" | "up" | "down" | "paused";
export type CheckKind = "simple" | "cron" | "oncalendar";

export interface AccountsTable {
  id: Generated<number>;
  email: string;
  username: string;
  check_limit: number;
  ping_log_limit: number;
  created: number;
}

export interface ProjectsTable {
  id: Generated<number>;
  uuid: string;
  name: string;
  owner_id: number;
  api_key_hash: string | null;
  api_key_readonly_hash: string | null;
  ping_key: string | null;
  badge_key: string;
  created: number;
}

export interface ChecksTable {
  id: Generated<number>;
  uuid: string;
  unique_key: string;
  project_id: number;
  badge_key: string;
  name: string;
  slug: string;
  tags: string;
  description: string;
  kind: CheckKind;
  timeout: number;
  grace: number;
  schedule: string;
  tz: string;
  methods: string;
  manual_resume: number;
  start_kw: string;
  success_kw: string;
  failure_kw: string;
  filter_subject: number;
  filter_body: number;
  filter_http_body: number;
  filter_default_fail: number;
  status: StoredStatus;
  n_pings: number;
  last_ping: number | null;
  last_start: number | null;
  last_start_rid: string | null;
  last_duration: number | null;
  alert_after: number | null;
  created: number;
  /** Extensions (migration 009, docs/monitor-extensions.md); each default is upstream's behaviour. */
  fail_threshold: Generated<number>;
  /** Consecutive failure signals since the last success (missed deadlines are computed). */
  fail_count: Generated<number>;
  /** Seconds; 0 is off. */
  min_duration: Generated<number>;
  max_duration: Generated<number>;
  body_regex: Generated<string>;
}

export interface PingsTable {
  id: Generated<number>;
  check_id: number;
  n: number;
  created: number;
  kind: string | null;
  scheme: string;
  remote_addr: string | null;
  method: string;
  ua: string;
  body: Buffer | null;
  exitstatus: number | null;
  rid: string | null;
}

export interface FlipsTable {
  id: Generated<number>;
  check_id: number;
  created: number;
  old_status: string;
  new_status: string;
  reason: string;
  processed: number | null;
  /**
   * A down flip whose alerts were held back by a dependency that was down then (migration
   * 016): that dependency's UUID and name. Null otherwise; holds of a window are `held_alerts`.
   */
  held_by_uuid: string | null;
  held_by_name: string | null;
}

export interface ChannelsTable {
  id: Generated<number>;
  uuid: string;
  project_id: number;
  kind: string;
  name: string;
  value: string;
  disabled: number;
  /** E-mail integrations only: 1 once the address is verified; alerts to an unverified one fail. */
  email_verified: number;
  last_error: string;
  created: number;
  /** When the last delivery through this integration started, and how long it took (ms). */
  last_notify: number | null;
  last_notify_duration: number | null;
}

export interface CheckChannelsTable {
  check_id: number;
  channel_id: number;
}

export type NotificationState = "pending" | "sent" | "failed";

/**
 * The alert outbox: one row per (flip, integration), written in the transaction that
 * processes the flip, then delivered, retried with backoff and marked by the worker.
 * The flip's facts are copied in so a delivery never depends on flips being kept.
 */
export interface NotificationsTable {
  id: Generated<number>;
  uuid: string;
  check_id: number;
  channel_id: number;
  flip_id: number | null;
  check_status: string;
  old_status: string;
  reason: string;
  flip_created: number;
  created: number;
  state: NotificationState;
  attempts: number;
  next_attempt: number;
  /** Lease of the worker delivering it; an expired lease lets another worker retry. */
  claimed_until: number | null;
  sent: number | null;
  error: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** Dashboard tables (migration 003). */
export interface WebCredentialsTable {
  account_id: number;
  password_hash: string;
  updated: number;
}

export interface WebSessionsTable {
  token_hash: string;
  account_id: number;
  created: number;
  expires: number;
}

/** `rw` team members change checks and integrations; `ro` ones only look. */
export type MemberRole = "rw" | "ro";

export interface MembershipsTable {
  project_id: number;
  account_id: number;
  role: MemberRole;
  created: number;
  /** Set when the owner offered the project to this member (migration 008). */
  transfer_requested: number | null;
}

export type ChecksSort = "created" | "name" | "status" | "last_ping";
export type Theme = "system" | "light" | "dark";

/** An account's dashboard choices (migration 008); a missing row means every default. */
export interface WebProfilesTable {
  account_id: number;
  sort: Generated<ChecksSort>;
  theme: Generated<Theme>;
  /** 1: the monthly report is sent; next_report is when (null until first scheduled). */
  reports: Generated<number>;
  next_report: number | null;
  /** base64url(iv | tag | AES-256-GCM ciphertext) of the TOTP seed; null: two-factor is off. */
  totp_secret: string | null;
  totp_last_step: number | null;
  /** Space-separated SHA-256 hashes (hex) of the unused recovery codes. */
  recovery_codes: Generated<string>;
}

/** A rate limit's bucket: `tokens` from 0 to 1, each use costs 1/capacity, refilled with time. */
export interface TokenBucketsTable {
  value: string;
  tokens: number;
  updated: number;
}

/** A one-time message for the visitor's next page (migration 007); `payload` is encrypted. */
export interface WebFlashesTable {
  token_hash: string;
  payload: string;
  expires: number;
}

/** Check dependencies (migration 011, docs/monitor-extensions.md). */
export interface CheckDependenciesTable {
  check_id: number;
  depends_on_id: number;
}

/**
 * A down flip whose alerts a maintenance window held back (migrations 012 and 015), labelled
 * and looked at again at `release_at`. The dependency columns are those of holds recorded
 * before migration 016, which moved them onto their flips (`held_by_uuid`); they stay null.
 */
export interface HeldAlertsTable {
  flip_id: number;
  check_id: number;
  dependency_name: string | null;
  dependency_uuid: string | null;
  window_uuid: string | null;
  window_label: string | null;
  release_at: number | null;
  released: number | null;
}

/** A maintenance window (migration 012): one-off (starts, ends) or recurring (schedule, tz, duration). */
export interface MaintenanceWindowsTable {
  id: Generated<number>;
  uuid: string;
  project_id: number;
  check_id: number | null;
  name: string;
  starts: number | null;
  ends: number | null;
  schedule: string;
  tz: string;
  duration: number;
  created: number;
}

export interface MonitorDB {
  check_dependencies: CheckDependenciesTable;
  held_alerts: HeldAlertsTable;
  maintenance_windows: MaintenanceWindowsTable;
  accounts: AccountsTable;
  projects: ProjectsTable;
  checks: ChecksTable;
  pings: PingsTable;
  flips: FlipsTable;
  channels: ChannelsTable;
  check_channels: CheckChannelsTable;
  notifications: NotificationsTable;
  settings: SettingsTable;
  web_credentials: WebCredentialsTable;
  web_sessions: WebSessionsTable;
  memberships: MembershipsTable;
  token_buckets: TokenBucketsTable;
  web_flashes: WebFlashesTable;
  web_profiles: WebProfilesTable;
}

export type Account = Selectable<AccountsTable>;
export type Project = Selectable<ProjectsTable>;
export type Check = Selectable<ChecksTable>;
export type NewCheck = Insertable<ChecksTable>;
export type Ping = Selectable<PingsTable>;
export type Flip = Selectable<FlipsTable>;
/** A flip to write that no dependency holds back (a ping's, a pause's). */
export type NewFlip = Omit<Flip, "id" | "held_by_uuid" | "held_by_name">;
export type Channel = Selectable<ChannelsTable>;
export type Membership = Selectable<MembershipsTable>;
export type WebProfile = Selectable<WebProfilesTable>;
export type Notification = Selectable<NotificationsTable>;
export type MaintenanceWindow = Selectable<MaintenanceWindowsTable>;
export type HeldAlert = Selectable<HeldAlertsTable>;
