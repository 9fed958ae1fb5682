// [I16-statements] One weekly statement with its lines and downloads (placeholder until built).
export function StatementPage() {
  return (
    <section className="panel">
      <h1>Statement</h1>
      <p className="muted">Not built yet.</p>
    </section>
  );
}
