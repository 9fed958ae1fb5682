// [I16-statements] Weekly statements, scoped to the viewer (placeholder until built).
export function StatementsPage() {
  return (
    <section className="panel">
      <h1>Statements</h1>
      <p className="muted">Not built yet.</p>
    </section>
  );
}
