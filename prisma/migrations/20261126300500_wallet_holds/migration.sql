-- AlterTable
ALTER TABLE "TopUp" ADD COLUMN     "paymentIntent" TEXT;

-- AlterTable
ALTER TABLE "Wallet" ADD COLUMN     "onHold" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "WalletHold" (
    "disputeId" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "topUpId" INTEGER NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "releasedAt" TIMESTAMP(3),
    "outcome" TEXT,

    CONSTRAINT "WalletHold_pkey" PRIMARY KEY ("disputeId")
);

-- CreateIndex
CREATE INDEX "WalletHold_userId_releasedAt_idx" ON "WalletHold"("userId", "releasedAt");

-- CreateIndex
CREATE UNIQUE INDEX "TopUp_paymentIntent_key" ON "TopUp"("paymentIntent");

-- AddForeignKey
ALTER TABLE "WalletHold" ADD CONSTRAINT "WalletHold_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WalletHold" ADD CONSTRAINT "WalletHold_topUpId_fkey" FOREIGN KEY ("topUpId") REFERENCES "TopUp"("id") ON DELETE CASCADE ON UPDATE CASCADE;


