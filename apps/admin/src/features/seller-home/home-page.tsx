// [I34] A seller's home screen: what to ship, what was refunded, this week's takings. Stub: built by issue 34.
export function SellerHomePage() {
  return (
    <section className="panel">
      <h1>Home</h1>
    </section>
  );
}
