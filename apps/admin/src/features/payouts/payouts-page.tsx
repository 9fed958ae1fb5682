// [I16-payouts] Operators: payout runs and ABA files (placeholder until built).
export function PayoutsPage() {
  return (
    <section className="panel">
      <h1>Payouts</h1>
      <p className="muted">Not built yet.</p>
    </section>
  );
}
