// [I32] Applications (docs/sellers.md).
export function ApplicationsPage() {
  return (
    <section className="panel">
      <h1>Applications</h1>
    </section>
  );
}
