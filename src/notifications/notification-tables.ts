import type { ColumnType, Generated } from 'kysely';

// The notifications' tables as the repositories' Kysely client reads them (migrations 0017,
// 0025, 0028, 0032): statements built with the query builder are checked against these columns
// and their types. A timestamptz reads as a Date and takes a Date or ISO text; a bigint id reads
// as text (the driver's default).
type Time = ColumnType<Date, Date | string, Date | string>;
type NullableTime = ColumnType<Date | null, Date | string | null, Date | string | null>;

export type MailState = 'mailed' | 'held' | 'digested' | 'off' | 'capped';

export interface NotificationTables {
  notification_setting: {
    user_id: string;
    // null: the account default
    snippet_id: string | null;
    events: string[];
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
  notification_event: {
    id: Generated<string>;
    user_id: string;
    snippet_id: string;
    receiver: string;
    kind: string;
    occurred_at: Time;
    mail_state: MailState;
    read_at: NullableTime;
    created_at: Generated<Date>;
    event_key: string | null;
    ip: string | null;
  };
  notification_window: {
    user_id: string;
    snippet_id: string;
    receiver: string;
    last_mail_at: Time;
    digest_at: NullableTime;
  };
  notification_cap: {
    user_id: string;
    snippet_id: string;
    window_start: Time;
    mails: number;
    digest_at: NullableTime;
  };
}
