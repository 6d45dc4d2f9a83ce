/**
 * The one way a price is written for a trader: the board, the tape, alerts and notifications, the
 * override editor and review all show the same digits for the same price. Two decimals, as
 * bookmakers quote decimal odds; a feed price with a third decimal (1.825) reads 1.83 everywhere.
 */
export const PRICE_DECIMALS = 2

export function formatPrice(price: number): string {
  return price.toFixed(PRICE_DECIMALS)
}
