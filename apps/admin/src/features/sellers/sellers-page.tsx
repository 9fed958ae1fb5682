// [I32] Sellers (docs/sellers.md).
export function SellersPage() {
  return (
    <section className="panel">
      <h1>Sellers</h1>
    </section>
  );
}
