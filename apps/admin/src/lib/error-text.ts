import { ApiError } from './api-client';

// [I34] Every form error names its field. The server's field messages (`input_validation`, and the
// contract's rules a form checks before sending) are often the rule alone ('must be 5 to 9 digits'): the
// field's name goes in front ('Account number must be 5 to 9 digits'). A whole sentence that does not name
// its field gets the name before a colon ('Mobile: Enter a number…'); one that names it is left alone.

/** Words written in capitals in a field's name. */
const CAPITALS: Readonly<Record<string, string>> = {
  abn: 'ABN',
  aba: 'ABA',
  bsb: 'BSB',
  csv: 'CSV',
  gst: 'GST',
  id: 'ID',
  sku: 'SKU',
  sms: 'SMS',
  url: 'URL',
};

/** Fields whose key says little on its own. */
const NAMES: Readonly<Record<string, string>> = {
  by: 'Date',
  qty: 'Quantity',
};

/** The part of a request a key like 'body' names when the whole of it was refused: no field to name. */
const WHOLE = new Set(['body', 'querystring', 'params', 'headers']);

/** 'account_number' → 'Account number'; 'product_id' → 'Product'; 'items.1.qty' → 'Quantity (row 2)'; 'body' → null. */
export function fieldName(key: string): string | null {
  const parts = key.split('.').filter(Boolean);
  const index = parts.findLast((part) => /^\d+$/.test(part));
  const last = parts.findLast((part) => !/^\d+$/.test(part));
  if (!last || WHOLE.has(last)) return null;
  const words = last
    .replace(/(.)(_cents|_ids?|Ids?)$/, '$1')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => CAPITALS[word.toLowerCase()] ?? word.toLowerCase());
  const name = NAMES[last] ?? words.join(' ');
  if (name === '') return null;
  const capitalised = name.charAt(0).toUpperCase() + name.slice(1);
  return index === undefined ? capitalised : `${capitalised} (row ${Number(index) + 1})`;
}

/** A field's message with the field named: 'Account number must be 5 to 9 digits'. */
export function fieldMessage(key: string, message: string, label: string | null = fieldName(key)): string {
  const text = message.trim();
  if (!label || text === '') return text || message;
  const first = text.charAt(0);
  if (first !== first.toUpperCase()) return `${label} ${text}`;
  const named = label.replace(/ \(row \d+\)$/, '').toLowerCase();
  return text.toLowerCase().includes(named) ? text : `${label}: ${text}`;
}

/**
 * What to tell the member about a failed call: the first field's message with its field named when the
 * server gave one (`labels` gives a form's own names for its keys), else the error's message.
 */
export function errorText(error: unknown, labels: Readonly<Record<string, string>> = {}): string {
  if (error instanceof ApiError) {
    const body = error.body;
    if (typeof body === 'object' && body !== null && 'input_validation' in body) {
      const fields = body.input_validation;
      if (typeof fields === 'object' && fields !== null) {
        for (const [key, messages] of Object.entries(fields)) {
          if (Array.isArray(messages) && typeof messages[0] === 'string')
            return fieldMessage(key, messages[0], labels[key] ?? fieldName(key));
        }
      }
    }
    return error.message;
  }
  return 'Something went wrong. Please try again.';
}
