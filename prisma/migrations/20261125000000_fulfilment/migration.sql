-- CreateEnum
CREATE TYPE "FulfilmentKind" AS ENUM ('pickup', 'delivery');

-- AlterEnum
ALTER TYPE "TransactionType" ADD VALUE 'adjustment';

-- AlterTable
ALTER TABLE "Farm" ADD COLUMN     "minimumOrderCents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'America/Vancouver';

-- CreateTable
CREATE TABLE "Address" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "line1" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "postalCode" TEXT NOT NULL,
    "notes" TEXT NOT NULL DEFAULT '',
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Address_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PickupPoint" (
    "id" SERIAL NOT NULL,
    "farmId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "notes" TEXT NOT NULL DEFAULT '',
    "archived" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "PickupPoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DeliveryZone" (
    "id" SERIAL NOT NULL,
    "farmId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "postalPrefixes" TEXT[],
    "feeCents" INTEGER NOT NULL,
    "freeOverCents" INTEGER,
    "archived" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "DeliveryZone_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FulfilmentWindow" (
    "id" SERIAL NOT NULL,
    "farmId" INTEGER NOT NULL,
    "kind" "FulfilmentKind" NOT NULL,
    "weekday" INTEGER NOT NULL,
    "startMinute" INTEGER NOT NULL,
    "endMinute" INTEGER NOT NULL,
    "cutoffHours" INTEGER NOT NULL,
    "capacity" INTEGER,
    "pickupPointId" INTEGER,
    "archived" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "FulfilmentWindow_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FulfilmentSlot" (
    "id" SERIAL NOT NULL,
    "windowId" INTEGER NOT NULL,
    "localDate" TEXT NOT NULL,
    "booked" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "FulfilmentSlot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrderFulfilment" (
    "orderId" INTEGER NOT NULL,
    "farmId" INTEGER NOT NULL,
    "slotId" INTEGER NOT NULL,
    "kind" "FulfilmentKind" NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "cutoffAt" TIMESTAMP(3) NOT NULL,
    "localDate" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL,
    "pickupPointId" INTEGER,
    "pickupName" TEXT,
    "pickupAddress" TEXT,
    "pickupNotes" TEXT,
    "deliveryAddress" TEXT,
    "postalCode" TEXT,
    "zoneId" INTEGER,
    "zoneFeeCents" INTEGER NOT NULL DEFAULT 0,
    "freeOverCents" INTEGER,
    "feeCents" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "OrderFulfilment_pkey" PRIMARY KEY ("orderId")
);

-- CreateIndex
CREATE INDEX "Address_userId_id_idx" ON "Address"("userId", "id");

-- CreateIndex
CREATE INDEX "PickupPoint_farmId_archived_idx" ON "PickupPoint"("farmId", "archived");

-- CreateIndex
CREATE INDEX "DeliveryZone_farmId_archived_idx" ON "DeliveryZone"("farmId", "archived");

-- CreateIndex
CREATE INDEX "FulfilmentWindow_farmId_archived_idx" ON "FulfilmentWindow"("farmId", "archived");

-- CreateIndex
CREATE UNIQUE INDEX "FulfilmentSlot_windowId_localDate_key" ON "FulfilmentSlot"("windowId", "localDate");

-- CreateIndex
CREATE INDEX "OrderFulfilment_farmId_localDate_idx" ON "OrderFulfilment"("farmId", "localDate");

-- CreateIndex
CREATE INDEX "OrderFulfilment_slotId_idx" ON "OrderFulfilment"("slotId");

-- AddForeignKey
ALTER TABLE "Address" ADD CONSTRAINT "Address_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PickupPoint" ADD CONSTRAINT "PickupPoint_farmId_fkey" FOREIGN KEY ("farmId") REFERENCES "Farm"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeliveryZone" ADD CONSTRAINT "DeliveryZone_farmId_fkey" FOREIGN KEY ("farmId") REFERENCES "Farm"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FulfilmentWindow" ADD CONSTRAINT "FulfilmentWindow_farmId_fkey" FOREIGN KEY ("farmId") REFERENCES "Farm"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FulfilmentWindow" ADD CONSTRAINT "FulfilmentWindow_pickupPointId_fkey" FOREIGN KEY ("pickupPointId") REFERENCES "PickupPoint"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FulfilmentSlot" ADD CONSTRAINT "FulfilmentSlot_windowId_fkey" FOREIGN KEY ("windowId") REFERENCES "FulfilmentWindow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderFulfilment" ADD CONSTRAINT "OrderFulfilment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderFulfilment" ADD CONSTRAINT "OrderFulfilment_slotId_fkey" FOREIGN KEY ("slotId") REFERENCES "FulfilmentSlot"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- A slot never counts fewer than zero orders (checkout raises, cancel lowers it).
ALTER TABLE "FulfilmentSlot" ADD CONSTRAINT "FulfilmentSlot_booked_check" CHECK ("booked" >= 0);
