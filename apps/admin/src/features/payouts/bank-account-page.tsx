// [I16-payouts] A seller's bank account, entered with a passkey check (placeholder until built).
export function BankAccountPage() {
  return (
    <section className="panel">
      <h1>Bank account</h1>
      <p className="muted">Not built yet.</p>
    </section>
  );
}
