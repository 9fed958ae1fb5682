import { describe, expect, it } from 'vitest';
import { messageOf, queryString, requestKey } from './api-client';

describe('[I15-admin] api client helpers', () => {
  it('leaves empty filters out of the query string', () => {
    expect(queryString({ q: '', status: undefined, seller_id: null, flagged: false, page: 2 })).toBe(
      '?page=2',
    );
    expect(queryString({ q: 'Sam Lee', from: '2026-11-01' })).toBe('?q=Sam+Lee&from=2026-11-01');
    expect(queryString({})).toBe('');
  });

  it("fills the server message's placeholders", () => {
    expect(messageOf({ message: 'Try again in %1 seconds.', parameters: [30] }, 'x')).toBe(
      'Try again in 30 seconds.',
    );
    expect(messageOf({ message: 'No %field here', parameters: { field: 'code' } }, 'x')).toBe('No code here');
    expect(messageOf({ nothing: true }, 'fallback')).toBe('fallback');
  });

  it('makes request keys the contract accepts, a new one each time', () => {
    const first = requestKey('refund');
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,80}$/);
    expect(first.startsWith('refund_')).toBe(true);
    expect(requestKey('refund')).not.toBe(first);
  });
});
