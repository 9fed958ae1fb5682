import { describe, expect, it } from 'vitest';
import { csvDocument, csvDollars, csvLine, csvText } from './csv.ts';

// [I15-orders][I16-statements] The back office's one CSV writer (orders CSV, statement CSV).

describe('the CSV writer', () => {
  it('[I27-csv] quotes every text cell, separators and quotes included', () => {
    expect(csvText('plain')).toBe('"plain"');
    expect(csvText('Bo;=1+1 Semi')).toBe('"Bo;=1+1 Semi"');
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('a\nb')).toBe('"a\nb"');
    expect(csvText('')).toBe('""');
  });

  it('[I27-csv] defuses a text a spreadsheet would run as a formula: = + - @ tab CR', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvText(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvText('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
  });

  it('[I27-csv] writes figures bare: cents as dollars with 2 decimals, counts as integers', () => {
    expect(csvDollars(1230)).toBe('12.30');
    expect(csvDollars(-1234)).toBe('-12.34');
    expect(csvDollars(5)).toBe('0.05');
    expect(csvLine(['-1', { cents: -100 }, { count: 3 }])).toBe(`"'-1",-1.00,3`);
    expect(() => csvDollars(1.5)).toThrow();
    expect(() => csvLine([{ count: Number.NaN }])).toThrow();
  });

  it('[I27-csv] a document ends every line, an empty one included, with CRLF', () => {
    expect(csvDocument([['a'], [], ['b', { cents: 1 }]])).toBe('"a"\r\n\r\n"b",0.01\r\n');
  });
});
