// [I32] The Sellers section's tabs: the sellers (suspend, lift) and the applications to sell.
import { NavLink } from 'react-router';

export function SellersTabs() {
  return (
    <nav aria-label="Sellers" className="tabs">
      <NavLink to="/sellers" end>
        Sellers
      </NavLink>
      <NavLink to="/sellers/applications">Applications</NavLink>
    </nav>
  );
}
