-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "caseSize" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "restaurantPriceCents" INTEGER;


-- A case holds at least one unit, and a restaurant price is a real price.
ALTER TABLE "Product" ADD CONSTRAINT "Product_caseSize_check" CHECK ("caseSize" >= 1);
ALTER TABLE "Product" ADD CONSTRAINT "Product_restaurantPriceCents_check" CHECK ("restaurantPriceCents" IS NULL OR "restaurantPriceCents" > 0);
