-- CreateEnum
CREATE TYPE "AdjustmentStatus" AS ENUM ('pending', 'applied', 'accepted', 'declined', 'stale');

-- CreateEnum
CREATE TYPE "MessageKind" AS ENUM ('text', 'adjustment');

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "adjustmentId" INTEGER,
ADD COLUMN     "kind" "MessageKind" NOT NULL DEFAULT 'text';

-- CreateTable
CREATE TABLE "OrderAdjustment" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "farmId" INTEGER NOT NULL,
    "buyerId" INTEGER NOT NULL,
    "status" "AdjustmentStatus" NOT NULL DEFAULT 'pending',
    "lines" JSONB NOT NULL,
    "deltaCents" INTEGER NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "orderVersion" INTEGER NOT NULL,
    "messageId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),

    CONSTRAINT "OrderAdjustment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OrderAdjustment_orderId_id_idx" ON "OrderAdjustment"("orderId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Message_adjustmentId_key" ON "Message"("adjustmentId");

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_adjustmentId_fkey" FOREIGN KEY ("adjustmentId") REFERENCES "OrderAdjustment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderAdjustment" ADD CONSTRAINT "OrderAdjustment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;


