// [I16-products] A seller's products: list, edit, stock, photos (placeholder until built).
export function ProductsPage() {
  return (
    <section className="panel">
      <h1>Products</h1>
      <p className="muted">Not built yet.</p>
    </section>
  );
}
