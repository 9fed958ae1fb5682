// [I32] Staff (docs/sellers.md).
export function StaffPage() {
  return (
    <section className="panel">
      <h1>Staff</h1>
    </section>
  );
}
