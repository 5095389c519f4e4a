/** An order as the API answers it: its lines as [name, quantity, unit price in dollars]. */
export const itemsOf = (order: {
  items: { productName: string; quantity: number; price: number }[];
}) => order.items.map((i) => [i.productName, i.quantity, i.price]);
