// What the payment section asks of a card field, whichever provider draws it.
import type { PaymentMethodResult } from '../confirm-purchase';

export interface CardFieldHandle {
  isEmpty: () => boolean;
  createPaymentMethod: () => Promise<PaymentMethodResult>;
}
