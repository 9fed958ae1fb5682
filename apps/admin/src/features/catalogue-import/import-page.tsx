// [I32] Import (docs/sellers.md).
export function ImportPage() {
  return (
    <section className="panel">
      <h1>Import</h1>
    </section>
  );
}
