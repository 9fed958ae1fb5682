// [I32] Add product (docs/sellers.md).
export function NewProductPage() {
  return (
    <section className="panel">
      <h1>Add product</h1>
    </section>
  );
}
