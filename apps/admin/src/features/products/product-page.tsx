// [I16-products] One product: name, description, price and stock per variant, photos (placeholder until built).
export function ProductPage() {
  return (
    <section className="panel">
      <h1>Product</h1>
      <p className="muted">Not built yet.</p>
    </section>
  );
}
