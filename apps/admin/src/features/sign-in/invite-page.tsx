// [I32] Invite (docs/sellers.md).
export function InvitePage() {
  return (
    <section className="panel">
      <h1>Invite</h1>
    </section>
  );
}
