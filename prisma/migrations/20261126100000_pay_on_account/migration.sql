-- CreateEnum
CREATE TYPE "PaymentMethod" AS ENUM ('wallet', 'account');

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "payment" "PaymentMethod" NOT NULL DEFAULT 'wallet',
ADD COLUMN     "statementId" INTEGER;

-- CreateTable
CREATE TABLE "CreditLine" (
    "id" SERIAL NOT NULL,
    "farmId" INTEGER NOT NULL,
    "buyerId" INTEGER NOT NULL,
    "limitCents" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CreditLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Statement" (
    "id" SERIAL NOT NULL,
    "farmId" INTEGER NOT NULL,
    "buyerId" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "dueDate" TEXT NOT NULL,
    "paidAt" TIMESTAMP(3),
    "paidCents" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Statement_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CreditLine_buyerId_idx" ON "CreditLine"("buyerId");

-- CreateIndex
CREATE UNIQUE INDEX "CreditLine_farmId_buyerId_key" ON "CreditLine"("farmId", "buyerId");

-- CreateIndex
CREATE INDEX "Statement_buyerId_period_idx" ON "Statement"("buyerId", "period");

-- CreateIndex
CREATE UNIQUE INDEX "Statement_farmId_buyerId_period_key" ON "Statement"("farmId", "buyerId", "period");

-- CreateIndex
CREATE INDEX "Order_statementId_idx" ON "Order"("statementId");

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_statementId_fkey" FOREIGN KEY ("statementId") REFERENCES "Statement"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditLine" ADD CONSTRAINT "CreditLine_farmId_fkey" FOREIGN KEY ("farmId") REFERENCES "Farm"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditLine" ADD CONSTRAINT "CreditLine_buyerId_fkey" FOREIGN KEY ("buyerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Statement" ADD CONSTRAINT "Statement_farmId_fkey" FOREIGN KEY ("farmId") REFERENCES "Farm"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Statement" ADD CONSTRAINT "Statement_buyerId_fkey" FOREIGN KEY ("buyerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;



-- A credit limit is never negative
ALTER TABLE "CreditLine" ADD CONSTRAINT "CreditLine_limitCents_check" CHECK ("limitCents" >= 0);
