import { z } from "zod";
import { farmListQuery, productListQuery, searchQuery } from "@/lib/validators/catalog";
import { idParam } from "@/lib/validators/id";
import { endpoint } from "./endpoint";

/** Categories, products and farms: the public catalogue, plus recommendations for the signed-in user. */
export const catalogApi = {
  categories: endpoint({ method: "GET", path: "/api/categories", tag: "Catalogue", summary: "Product categories", auth: "none" }),
  featuredProducts: endpoint({ method: "GET", path: "/api/products/featured", tag: "Catalogue", summary: "This week's harvest (featured products)", auth: "none", query: productListQuery }),
  popularProducts: endpoint({ method: "GET", path: "/api/products/popular", tag: "Catalogue", summary: "Products popular with restaurants", auth: "none", query: productListQuery }),
  recommendedProducts: endpoint({ method: "GET", path: "/api/products/recommended", tag: "Catalogue", summary: "Products recommended for the signed-in user", auth: "required", query: productListQuery }),
  searchProducts: endpoint({ method: "GET", path: "/api/products/search", tag: "Catalogue", summary: "Search products by name, farm or category", auth: "none", query: searchQuery }),
  product: endpoint({ method: "GET", path: "/api/products/{id}", tag: "Catalogue", summary: "One product with its farm", auth: "none", params: z.object({ id: idParam("Product") }) }),
  featuredFarms: endpoint({ method: "GET", path: "/api/farms/featured", tag: "Catalogue", summary: "Featured farms with up to 3 product thumbnails", auth: "none", query: farmListQuery }),
  recommendedFarms: endpoint({ method: "GET", path: "/api/farms/recommended", tag: "Catalogue", summary: "Farms recommended for the signed-in user", auth: "required", query: farmListQuery }),
  farm: endpoint({ method: "GET", path: "/api/farms/{id}", tag: "Catalogue", summary: "One farm with its product count", auth: "none", params: z.object({ id: idParam("Farm") }) }),
};
