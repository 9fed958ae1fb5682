// [I32] Members (docs/sellers.md).
export function MembersPage() {
  return (
    <section className="panel">
      <h1>Members</h1>
    </section>
  );
}
