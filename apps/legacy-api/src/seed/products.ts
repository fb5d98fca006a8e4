import { ASSET_TYPES } from './demo-data.ts';

/*
 * The demo's products: each brand's model of each asset type (seed/demo-data.ts ASSET_TYPES), and
 * the rule that keeps an order from listing one product on two lines. The demo (seed/demo/
 * purchase-orders.ts) and SEED_SCALE (seed/scale-sql.ts) both follow it.
 */

/** A product by its positions in ASSET_TYPES: the type, and the brand (with its model) in it. */
export interface Product {
  type: number;
  brand: number;
}

/** Every product, type by type: a product's index here is its number in SEED_SCALE's tables. */
export const PRODUCTS: readonly Product[] = ASSET_TYPES.flatMap((spec, type) =>
  spec.brands.map((_, brand) => ({ type, brand })),
);

export function productIndex(product: Product): number {
  const index = PRODUCTS.findIndex(
    (each) => each.type === product.type && each.brand === product.brand,
  );
  if (index < 0) throw new Error(`demo data: no product ${product.type}/${product.brand}`);
  return index;
}

/**
 * The products a line that drew `drawn` may get, in order of preference: the one drawn, then the
 * other brands of its type (the next one first, wrapping around), then the brands of the next
 * types in the same way. A line gets the first that is not yet on its order, so a line whose draw
 * repeats an earlier one becomes another brand of the same thing — same type, same price range,
 * same quantities — and the draws after it are not disturbed.
 */
export function productCandidates(drawn: Product): Product[] {
  return ASSET_TYPES.flatMap((_, offset) => {
    const type = (drawn.type + offset) % ASSET_TYPES.length;
    const brands = ASSET_TYPES[type]?.brands.length ?? 0;
    return Array.from({ length: brands }, (_, step) => ({
      type,
      brand: (drawn.brand + step) % brands,
    }));
  });
}

/** The product a line that drew `drawn` gets on an order that already lists `taken`. */
export function distinctProduct(drawn: Product, taken: readonly Product[]): Product {
  const free = productCandidates(drawn).find(
    (candidate) =>
      !taken.some(
        (product) => product.type === candidate.type && product.brand === candidate.brand,
      ),
  );
  if (!free) throw new Error('demo data: an order lists every product already');
  return free;
}
