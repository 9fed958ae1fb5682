// [I33] A name with the parts that match the query in <mark>, from the reply's [start, end) ranges.
// Ranges out of order, overlapping or past the end are tidied rather than trusted.

export function markedParts(text: string, marks: readonly (readonly [number, number])[]) {
  const parts: { text: string; marked: boolean }[] = [];
  const ranges = marks
    .map(([start, end]) => [Math.max(0, start), Math.min(text.length, end)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  let at = 0;
  for (const [start, end] of ranges) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    if (from > at) parts.push({ text: text.slice(at, from), marked: false });
    parts.push({ text: text.slice(from, end), marked: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return parts;
}

export function MarkedText({ text, marks }: { text: string; marks: readonly (readonly [number, number])[] }) {
  return (
    <>
      {markedParts(text, marks).map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in order
        part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}
