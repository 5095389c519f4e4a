/** JSON shapes of /api/my-farm. Type-only: safe to import from client components. */
export type MyFarmJson = {
  id: number;
  farmName: string;
  description: string;
  location: string;
  farmImage: string;
  rating: number;
  reviewCount: number;
};

export type MyProductJson = {
  id: number;
  name: string;
  description: string;
  /** Dollars (the database keeps cents). */
  price: number;
  unit: string;
  stock: number;
  inStock: boolean;
  categoryId: number | null;
  isFeatured: boolean;
  isPopular: boolean;
  isHidden: boolean;
  image: string;
  updatedAt: string;
};

export type IncomingOrderJson = {
  id: number;
  status: "active" | "completed" | "cancelled";
  createdAt: string;
  completedAt: string | null;
  /** The buyer as the farm sees them: a name to prepare the order for, never an email or phone. */
  buyer: { id: number; fullName: string };
  itemCount: number;
  totalAmount: number;
  items: { id: number; productId: number; productName: string; quantity: number; price: number; subtotal: number }[];
};

export type SalesDayJson = { date: string; total: number; orders: number };
export type WeeklySalesJson = { days: SalesDayJson[]; total: number; orders: number; timeZone: string };
