// [I34] The customer page for operators: their orders, gift cards, texts and consent. Stub: built by issue 34.
export function CustomerPage() {
  return (
    <section className="panel">
      <h1>Customer</h1>
    </section>
  );
}
