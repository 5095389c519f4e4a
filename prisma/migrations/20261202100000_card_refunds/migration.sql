-- CreateEnum
CREATE TYPE "WalletHoldKind" AS ENUM ('dispute', 'refund');

-- CreateEnum
CREATE TYPE "CardRefundOutcome" AS ENUM ('debited', 'held', 'returned');

-- AlterTable
ALTER TABLE "WalletHold" ADD COLUMN     "kind" "WalletHoldKind" NOT NULL DEFAULT 'dispute';

-- CreateTable
CREATE TABLE "CardRefund" (
    "refundId" TEXT NOT NULL,
    "topUpId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "outcome" "CardRefundOutcome" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CardRefund_pkey" PRIMARY KEY ("refundId")
);

-- CreateIndex
CREATE INDEX "CardRefund_topUpId_idx" ON "CardRefund"("topUpId");

-- AddForeignKey
ALTER TABLE "CardRefund" ADD CONSTRAINT "CardRefund_topUpId_fkey" FOREIGN KEY ("topUpId") REFERENCES "TopUp"("id") ON DELETE CASCADE ON UPDATE CASCADE;
