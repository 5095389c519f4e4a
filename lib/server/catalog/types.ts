/**
 * JSON shapes of the catalog API (docs/http-contract.md). Type-only module: safe to import from client
 * components (no server code comes along).
 */
export type CategoryJson = { id: number; name: string; icon: string };

export type ProductJson = {
  id: number;
  farmId: number;
  categoryId: number | null;
  name: string;
  description: string;
  /** Dollars, at most 2 decimals (the database keeps cents). */
  price: number;
  unit: string;
  inStock: boolean;
  isFeatured: boolean;
  isPopular: boolean;
  image: string;
  createdAt: string;
  farm: { id: number; farmName: string };
};

export type FarmThumbnail = { id: number; name: string; image: string };

export type FarmJson = {
  id: number;
  userId: number;
  farmName: string;
  description: string;
  location: string;
  /** Miles. */
  distance: number;
  rating: number;
  reviewCount: number;
  farmImage: string;
  /** Visible products of the farm. */
  productCount: number;
  /** Up to 3 product thumbnails. */
  products: FarmThumbnail[];
};
