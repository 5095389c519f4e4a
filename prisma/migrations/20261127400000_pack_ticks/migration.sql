-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "handoverUndos" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "PackTick" (
    "orderId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "farmId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PackTick_pkey" PRIMARY KEY ("orderId","productId")
);

-- CreateIndex
CREATE INDEX "PackTick_farmId_idx" ON "PackTick"("farmId");

-- AddForeignKey
ALTER TABLE "PackTick" ADD CONSTRAINT "PackTick_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;


