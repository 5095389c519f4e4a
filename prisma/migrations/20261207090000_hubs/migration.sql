-- Distributors and food hubs (docs/hubs.md): a business account may be approved as a distributor,
-- which runs one hub with its own fulfilment settings and its suppliers (farms) on wholesale terms.
-- A pickup point, zone or window now belongs to exactly one farm or one hub.
-- CreateEnum
CREATE TYPE "BusinessKind" AS ENUM ('restaurant', 'distributor');

-- CreateEnum
CREATE TYPE "HubSupplierStatus" AS ENUM ('invited', 'active', 'declined', 'ended');

-- AlterTable
ALTER TABLE "BusinessAccount" ADD COLUMN     "approvedAs" "BusinessKind";

-- AlterTable
ALTER TABLE "DeliveryZone" ADD COLUMN     "hubId" INTEGER,
ALTER COLUMN "farmId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "FulfilmentWindow" ADD COLUMN     "hubId" INTEGER,
ALTER COLUMN "farmId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "PickupPoint" ADD COLUMN     "hubId" INTEGER,
ALTER COLUMN "farmId" DROP NOT NULL;

-- Approved business accounts so far were all restaurants
UPDATE "BusinessAccount" SET "approvedAs" = 'restaurant' WHERE "status" = 'approved';

-- CreateTable
CREATE TABLE "Hub" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "location" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL DEFAULT 'America/Vancouver',
    "minimumOrderCents" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Hub_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HubSupplier" (
    "id" SERIAL NOT NULL,
    "hubId" INTEGER NOT NULL,
    "farmId" INTEGER NOT NULL,
    "status" "HubSupplierStatus" NOT NULL DEFAULT 'invited',
    "wholesaleDiscountBps" INTEGER,
    "marginBps" INTEGER NOT NULL DEFAULT 0,
    "invitedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answeredAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "HubSupplier_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DeliveryZone_hubId_archived_idx" ON "DeliveryZone"("hubId", "archived");

-- CreateIndex
CREATE INDEX "FulfilmentWindow_hubId_archived_idx" ON "FulfilmentWindow"("hubId", "archived");

-- CreateIndex
CREATE INDEX "PickupPoint_hubId_archived_idx" ON "PickupPoint"("hubId", "archived");

-- CreateIndex
CREATE UNIQUE INDEX "Hub_userId_key" ON "Hub"("userId");

-- CreateIndex
CREATE INDEX "HubSupplier_farmId_status_idx" ON "HubSupplier"("farmId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "HubSupplier_hubId_farmId_key" ON "HubSupplier"("hubId", "farmId");

-- AddForeignKey
ALTER TABLE "PickupPoint" ADD CONSTRAINT "PickupPoint_hubId_fkey" FOREIGN KEY ("hubId") REFERENCES "Hub"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeliveryZone" ADD CONSTRAINT "DeliveryZone_hubId_fkey" FOREIGN KEY ("hubId") REFERENCES "Hub"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FulfilmentWindow" ADD CONSTRAINT "FulfilmentWindow_hubId_fkey" FOREIGN KEY ("hubId") REFERENCES "Hub"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Hub" ADD CONSTRAINT "Hub_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HubSupplier" ADD CONSTRAINT "HubSupplier_hubId_fkey" FOREIGN KEY ("hubId") REFERENCES "Hub"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HubSupplier" ADD CONSTRAINT "HubSupplier_farmId_fkey" FOREIGN KEY ("farmId") REFERENCES "Farm"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Each row belongs to exactly one farm or one hub
ALTER TABLE "PickupPoint" ADD CONSTRAINT "PickupPoint_owner_check" CHECK (num_nonnulls("farmId", "hubId") = 1);
ALTER TABLE "DeliveryZone" ADD CONSTRAINT "DeliveryZone_owner_check" CHECK (num_nonnulls("farmId", "hubId") = 1);
ALTER TABLE "FulfilmentWindow" ADD CONSTRAINT "FulfilmentWindow_owner_check" CHECK (num_nonnulls("farmId", "hubId") = 1);

-- Terms in basis points within 0 and 100 percent for a discount, 0 and 1000 percent for a margin
ALTER TABLE "HubSupplier" ADD CONSTRAINT "HubSupplier_discount_check" CHECK ("wholesaleDiscountBps" IS NULL OR ("wholesaleDiscountBps" >= 0 AND "wholesaleDiscountBps" < 10000));
ALTER TABLE "HubSupplier" ADD CONSTRAINT "HubSupplier_margin_check" CHECK ("marginBps" >= 0 AND "marginBps" <= 100000);
