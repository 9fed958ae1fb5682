// [I16-invoices] Monthly tax invoices (placeholder until built).
export function InvoicesPage() {
  return (
    <section className="panel">
      <h1>Tax invoices</h1>
      <p className="muted">Not built yet.</p>
    </section>
  );
}
