import { describe, expect, it } from "vitest";
import {
  cartItemCount,
  cartReducer,
  cartTotalCents,
  emptyCart,
  MAX_QUANTITY,
  parseStoredCart,
  type CartProduct,
  type CartState,
} from "@/components/cart/cart-reducer";
import { canAddToCart, productBadge } from "@/components/catalog/badge";

const product = (id: number, price: number): CartProduct => ({
  id,
  name: `P${id}`,
  price,
  unit: "lb",
  image: "",
  farm: { id: 1, farmName: "Farm" },
  inStock: true,
  caseSize: 1,
});
const apply = (s: CartState, ...actions: Parameters<typeof cartReducer>[1][]) =>
  actions.reduce(cartReducer, s);

describe("cart rules", () => {
  it("adds several lines at once: quantities add up, cases round up, each line capped", () => {
    const caseOf6 = { ...product(2, 3), caseSize: 6 };
    const s = apply(
      emptyCart,
      { type: "add", product: product(1, 2) },
      {
        type: "addMany",
        lines: [
          { product: product(1, 2), quantity: 4 },
          { product: caseOf6, quantity: 7 },
          { product: product(3, 1), quantity: 500 },
        ],
      },
    );
    expect(s.items.map((i) => [i.product.id, i.quantity])).toEqual([
      [1, 5],
      [2, 12],
      [3, MAX_QUANTITY],
    ]);
  });

  it("adds a new product with quantity 1", () => {
    const s = apply(emptyCart, { type: "add", product: product(1, 2) });
    expect(s.items).toEqual([{ product: product(1, 2), quantity: 1 }]);
  });

  it("adding an existing product raises its quantity by 1 and keeps the order", () => {
    const s = apply(
      emptyCart,
      { type: "add", product: product(1, 2) },
      { type: "add", product: product(2, 3) },
      { type: "add", product: product(1, 2) },
    );
    expect(s.items.map((i) => [i.product.id, i.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it.each([0, -1, -0.5, Number.NaN])("setting quantity %s removes the item", (q) => {
    const s = apply(
      emptyCart,
      { type: "add", product: product(1, 2) },
      { type: "add", product: product(2, 3) },
      { type: "setQuantity", productId: 1, quantity: q },
    );
    expect(s.items.map((i) => i.product.id)).toEqual([2]);
  });

  it("adds the quantity chosen on the product page: whole cases, on top of the cart, capped", () => {
    const caseOf6 = { ...product(3, 2), caseSize: 6 };
    const s = apply(
      emptyCart,
      { type: "add", product: product(1, 5), quantity: 3 },
      { type: "add", product: product(1, 5), quantity: 2 },
      { type: "add", product: caseOf6, quantity: 7 },
      { type: "add", product: product(4, 1), quantity: 500 },
    );
    expect(s.items.map((i) => [i.product.id, i.quantity])).toEqual([
      [1, 5],
      [3, 12],
      [4, MAX_QUANTITY],
    ]);
  });

  it("sets a positive quantity (whole, capped)", () => {
    let s = apply(
      emptyCart,
      { type: "add", product: product(1, 2) },
      { type: "setQuantity", productId: 1, quantity: 5 },
    );
    expect(s.items[0].quantity).toBe(5);
    s = cartReducer(s, { type: "setQuantity", productId: 1, quantity: 1000 });
    expect(s.items[0].quantity).toBe(MAX_QUANTITY);
    s = cartReducer(s, { type: "setQuantity", productId: 42, quantity: 3 });
    expect(s.items).toHaveLength(1);
  });

  it("remove and clear", () => {
    const s = apply(
      emptyCart,
      { type: "add", product: product(1, 2) },
      { type: "add", product: product(2, 3) },
      { type: "remove", productId: 1 },
    );
    expect(s.items.map((i) => i.product.id)).toEqual([2]);
    expect(cartReducer(s, { type: "clear" }).items).toEqual([]);
  });

  it("totals: item count and sum of price × quantity in integer cents", () => {
    const s = apply(
      emptyCart,
      { type: "add", product: product(1, 0.1) },
      { type: "add", product: product(2, 0.2) },
      { type: "setQuantity", productId: 1, quantity: 3 },
    );
    expect(cartItemCount(s.items)).toBe(4);
    expect(cartTotalCents(s.items)).toBe(50);
    expect(cartTotalCents([])).toBe(0);
    expect(cartItemCount([])).toBe(0);
  });

  it.each([
    // Prices whose float × 100 is not the cents (1.15 * 100 = 114.99999999999999).
    [[[1.15, 3]], 345],
    [
      [
        [4.35, 1],
        [0.29, 7],
      ],
      638,
    ],
    [[[10000.31, 99]], 99_003_069],
  ])("the total of %j is %i cents, a whole number", (lines, cents) => {
    const items = lines.map(([price, quantity], i) => ({
      product: product(i + 1, price),
      quantity,
    }));
    expect(cartTotalCents(items)).toBe(cents);
    expect(Number.isInteger(cartTotalCents(items))).toBe(true);
  });

  it("restores a stored cart and drops malformed entries", () => {
    const good = { product: product(7, 4.5), quantity: 2 };
    expect(parseStoredCart(JSON.stringify([good]))).toEqual([good]);
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart("{not json")).toEqual([]);
    expect(parseStoredCart(JSON.stringify({ items: [] }))).toEqual([]);
    expect(
      parseStoredCart(
        JSON.stringify([
          { product: { id: "x" }, quantity: 1 },
          { product: product(8, 1), quantity: 0 },
          good,
        ]),
      ),
    ).toEqual([good]);
  });
});

describe("tax class (checkout's tax preview)", () => {
  it("a stored line keeps a taxable class; zero or an unknown class is left out", () => {
    const wine = { product: { ...product(9, 20), taxClass: "liquor" as const }, quantity: 1 };
    expect(parseStoredCart(JSON.stringify([wine]))).toEqual([wine]);
    const odd = { product: { ...product(10, 2), taxClass: "luxury" }, quantity: 1 };
    expect(parseStoredCart(JSON.stringify([odd]))).toEqual([
      { product: product(10, 2), quantity: 1 },
    ]);
  });
});

describe("product badge", () => {
  it.each([
    [{ inStock: false, isPopular: true, isFeatured: true }, "Out of Stock", false],
    [{ inStock: true, isPopular: true, isFeatured: true }, "Bestseller", true],
    [{ inStock: true, isPopular: true, isFeatured: false }, "Bestseller", true],
    [{ inStock: true, isPopular: false, isFeatured: true }, "Top Rated", true],
    [{ inStock: true, isPopular: false, isFeatured: false }, null, true],
  ])("%o → %s", (p, badge, addable) => {
    expect(productBadge(p)).toBe(badge);
    expect(canAddToCart(p)).toBe(addable);
  });
});

describe("restaurants step in cases (docs/restaurants.md)", () => {
  const crate = { ...product(9, 1.5), caseSize: 12 };
  it("adding starts at one case and adds one case each time; +/− move by a case", () => {
    let s = apply(emptyCart, { type: "add", product: crate }, { type: "add", product: crate });
    expect(s.items[0].quantity).toBe(24);
    s = apply(s, { type: "setQuantity", productId: 9, quantity: 24 - 12 });
    expect(s.items[0].quantity).toBe(12);
    expect(cartItemCount(s.items)).toBe(1);
    s = apply(s, { type: "add", product: product(1, 2) });
    expect(cartItemCount(s.items)).toBe(2); // one case and one unit
    s = apply(s, { type: "setQuantity", productId: 9, quantity: 0 });
    expect(s.items.map((i) => i.product.id)).toEqual([1]);
  });

  it("a quantity between cases rounds up to a whole case, and the cap is the largest whole number of cases", () => {
    const s = apply(
      emptyCart,
      { type: "add", product: crate },
      { type: "setQuantity", productId: 9, quantity: 13 },
    );
    expect(s.items[0].quantity).toBe(24);
    const capped = apply(s, { type: "setQuantity", productId: 9, quantity: 500 });
    expect(capped.items[0].quantity).toBe(96);
    const huge = { ...product(10, 1), caseSize: 150 };
    expect(
      apply(emptyCart, { type: "add", product: huge }, { type: "add", product: huge }).items[0]
        .quantity,
    ).toBe(150);
  });

  it("a stored cart keeps the case size and whole cases; a bad case size is single units", () => {
    const stored = JSON.stringify([
      { product: crate, quantity: 5 },
      { product: { ...product(11, 2), caseSize: -3 }, quantity: 2 },
    ]);
    expect(parseStoredCart(stored).map((i) => [i.product.caseSize, i.quantity])).toEqual([
      [12, 12],
      [1, 2],
    ]);
  });
});
