import { endpoint, idParams } from "./endpoint";

/** Printable documents: PDF receipts of orders (docs/restaurants.md, "Receipts"). */
export const documentsApi = {
  receipt: endpoint({
    method: "GET",
    path: "/api/orders/{id}/receipt.pdf",
    tag: "Orders",
    summary:
      "A PDF receipt of one of your orders: farm, buyer, lines, fees, total and how it was paid",
    auth: "required",
    params: idParams("Order"),
    response: "application/pdf",
  }),
};
