// [SHELL-18] The supplied-by popup: the seller's logo, name and description, with a way to the seller's
// shop. Opened from a supplier logo; when the opener only knows the product, the seller is fetched.
import { MSG } from '@quokka/contract/messages';
import { ButtonLink } from '../../../components/ui/button';
import { Popup } from '../../../components/ui/popup';
import { ProductPicture } from '../../../components/ui/product-picture';
import { Spinner } from '../../../components/ui/spinner';
import { closePopup, type SuppliedByRequest, type SuppliedBySeller } from '../../../lib/app-state';
import { fixedLayout } from '../../../lib/picture-sources';
import { useSeller } from '../api/seller';
import './supplied-by-popup.css';

export function sellerProfilePath(sellerUrl: string): string {
  return `/sellerprofile/${encodeURIComponent(sellerUrl)}`;
}

export function SuppliedByPopup({ request }: { request: SuppliedByRequest }) {
  const fetched = useSeller(request.seller ? null : request.productId);
  const seller: SuppliedBySeller | null =
    request.seller ??
    (fetched.data
      ? {
          name: fetched.data.name,
          description: fetched.data.description,
          image: fetched.data.image,
          sellerUrl: fetched.data.seller_url,
        }
      : null);

  if (!seller) {
    return (
      <Popup title={MSG.suppliedBy} onClose={closePopup}>
        {fetched.isError ? (
          <p>{MSG.somethingWentWrong}</p>
        ) : (
          <div className="supplied-by__loading" aria-busy="true">
            <Spinner size={32} />
          </div>
        )}
      </Popup>
    );
  }

  return (
    <Popup
      title={`${MSG.suppliedBy} ${seller.name}`}
      onClose={closePopup}
      icon={
        seller.image ? (
          <ProductPicture
            className="supplied-by__logo"
            src={seller.image}
            alt=""
            width={40}
            height={40}
            layout={fixedLayout(40)}
            priority="eager"
          />
        ) : undefined
      }
      actions={
        seller.sellerUrl ? (
          <ButtonLink block to={sellerProfilePath(seller.sellerUrl)} onClick={closePopup}>
            {MSG.visitShop}
          </ButtonLink>
        ) : undefined
      }
    >
      <p className="supplied-by__description">{seller.description}</p>
    </Popup>
  );
}
