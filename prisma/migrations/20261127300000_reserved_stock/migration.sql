-- AlterTable
ALTER TABLE "Farm" ADD COLUMN     "bookingHorizonDays" INTEGER NOT NULL DEFAULT 7;

-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "reserved" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "StockReservation" (
    "id" SERIAL NOT NULL,
    "standingOrderId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "localDate" TEXT NOT NULL,
    "wanted" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StockReservation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StockReservation_productId_standingOrderId_idx" ON "StockReservation"("productId", "standingOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "StockReservation_standingOrderId_productId_key" ON "StockReservation"("standingOrderId", "productId");

-- AddForeignKey
ALTER TABLE "StockReservation" ADD CONSTRAINT "StockReservation_standingOrderId_fkey" FOREIGN KEY ("standingOrderId") REFERENCES "StandingOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockReservation" ADD CONSTRAINT "StockReservation_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;



-- What is held never exceeds the shelf, and a hold is never negative (docs/restaurants.md, "Reserved stock").
ALTER TABLE "Product" ADD CONSTRAINT "Product_reserved_check" CHECK ("reserved" >= 0 AND "reserved" <= "stock");
ALTER TABLE "StockReservation" ADD CONSTRAINT "StockReservation_quantity_check" CHECK ("quantity" >= 0 AND "quantity" <= "wanted");
