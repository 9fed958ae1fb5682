// [I32] Waiting for approval (docs/sellers.md).
export function ReviewPage() {
  return (
    <section className="panel">
      <h1>Waiting for approval</h1>
    </section>
  );
}
