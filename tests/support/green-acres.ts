import { createFarmerWithSession, createProduct, createUserWithSession } from "./factories";
import { topUp } from "../wallet/support";

/**
 * The order tests' common world: a signed-in buyer with $100 in the wallet, and Green Acres (its
 * farmer signed in) selling carrots at $3.00 and kale at $2.50, 100 of each.
 */
export async function buyerAndGreenAcres(buyerFields: Parameters<typeof createUserWithSession>[0]) {
  const buyer = await createUserWithSession(buyerFields);
  const farmer = await createFarmerWithSession({ farmName: "Green Acres" });
  const carrots = await createProduct(farmer.farm.id, {
    name: "Carrots",
    priceCents: 300,
    stock: 100,
  });
  const kale = await createProduct(farmer.farm.id, { name: "Kale", priceCents: 250, stock: 100 });
  await topUp(buyer.cookie, 100);
  return { buyer, farmer, carrots, kale };
}

export type GreenAcresWorld = Awaited<ReturnType<typeof buyerAndGreenAcres>>;
