import type { ColumnType, Generated } from 'kysely';

// The one Database interface: every table, grouped by the module that owns it. Only that module's
// repository writes SQL against its tables (STYLE.md).

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

// providers/messaging — the sandbox outbox (DECISIONS.md "Sandbox mode")
export interface OutboxMessageTable {
  id: Generated<number>;
  to_number: string;
  kind: 'sms' | 'mms';
  body: string;
  media_url: string | null;
  created_at: CreatedAt;
}

export interface Database {
  outbox_messages: OutboxMessageTable;
}
