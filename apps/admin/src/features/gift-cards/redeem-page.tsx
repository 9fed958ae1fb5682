// [I16-redeem] Redeem a gift card in store (placeholder until built).
export function RedeemPage() {
  return (
    <section className="panel">
      <h1>Redeem a gift card</h1>
      <p className="muted">Not built yet.</p>
    </section>
  );
}
