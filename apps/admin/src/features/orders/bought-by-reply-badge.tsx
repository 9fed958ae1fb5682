// [I30] "Bought by reply": the order was placed by answering a seller's text (Buy by reply,
// docs/reply-to-buy.md); shown on the order list and the order page, to operators and the seller's staff.
export function BoughtByReplyBadge() {
  return (
    <span className="badge badge-info" title="Placed by answering a text offer with BUY, then YES">
      Bought by reply
    </span>
  );
}
