// [I32] Profile (docs/sellers.md).
export function ProfilePage() {
  return (
    <section className="panel">
      <h1>Profile</h1>
    </section>
  );
}
