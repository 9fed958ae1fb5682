// The cart popup's own texts [I11-3, I11-4] (the shared ones live in @quokka/contract/messages).

/** [I11-3] Beside a stepper whose '+' has reached the stock the product reply gives. */
export function onlyLeft(stock: number): string {
  return stock <= 0 ? 'Sold out' : `Only ${stock} left`;
}

/** [I11-4] The in-popup question 'Clear Cart' asks before anything is removed. */
export function clearCartQuestion(quantity: number): string {
  return quantity === 1 ? 'Remove the item from your cart?' : `Remove all ${quantity} items from your cart?`;
}

export const CART_TEXT = {
  confirmClear: 'Yes, Clear Cart',
  keepItems: 'Keep Items',
  changedElsewhereTitle: 'Your Cart Changed',
  changedElsewhere:
    'Your cart was changed on another device, so nothing was charged. Open Checkout again to see what you are buying.',
} as const;
