import type { SentMessage } from '@quokka/contract/api/admin';

// [I15-messages] A sent_messages row as the back office shows it (the contract's SentMessage): the order
// timeline and the gift card console both list an order's or a card's texts with what their provider
// last said, so the row becomes the wire in this one place.

/** The columns of a sent_messages row that the wire shows. */
export interface SentMessageRow {
  id: number;
  provider_message_id: string;
  kind: 'sms' | 'mms';
  purpose: string;
  to_number: string;
  status: SentMessage['status'];
  error_code: string | null;
  created_at: Date;
  status_at: Date | null;
}

export function messageWire(row: SentMessageRow): SentMessage {
  return {
    id: row.id,
    provider_message_id: row.provider_message_id,
    kind: row.kind,
    purpose: row.purpose,
    to: row.to_number,
    status: row.status,
    error_code: row.error_code,
    created_at: row.created_at.toISOString(),
    status_at: row.status_at?.toISOString() ?? null,
  };
}
