-- CreateEnum
CREATE TYPE "FarmLedgerType" AS ENUM ('sale', 'commission', 'adjustment', 'refund', 'payout');

-- CreateEnum
CREATE TYPE "PayoutStatus" AS ENUM ('processing', 'paid', 'pending_manual', 'failed');

-- CreateTable
CREATE TABLE "FarmAccount" (
    "farmId" INTEGER NOT NULL,
    "balanceCents" INTEGER NOT NULL DEFAULT 0,
    "stripeAccountId" TEXT,
    "payoutsEnabled" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FarmAccount_pkey" PRIMARY KEY ("farmId")
);

-- CreateTable
CREATE TABLE "FarmLedgerEntry" (
    "id" SERIAL NOT NULL,
    "farmId" INTEGER NOT NULL,
    "type" "FarmLedgerType" NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "orderId" INTEGER,
    "payoutId" INTEGER,
    "dedupeKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FarmLedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payout" (
    "id" SERIAL NOT NULL,
    "farmId" INTEGER NOT NULL,
    "periodEnd" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "status" "PayoutStatus" NOT NULL DEFAULT 'processing',
    "reference" TEXT,
    "failureReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paidAt" TIMESTAMP(3),

    CONSTRAINT "Payout_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "FarmAccount_stripeAccountId_key" ON "FarmAccount"("stripeAccountId");

-- CreateIndex
CREATE UNIQUE INDEX "FarmLedgerEntry_dedupeKey_key" ON "FarmLedgerEntry"("dedupeKey");

-- CreateIndex
CREATE INDEX "FarmLedgerEntry_farmId_createdAt_idx" ON "FarmLedgerEntry"("farmId", "createdAt");

-- CreateIndex
CREATE INDEX "FarmLedgerEntry_orderId_idx" ON "FarmLedgerEntry"("orderId");

-- CreateIndex
CREATE INDEX "FarmLedgerEntry_payoutId_idx" ON "FarmLedgerEntry"("payoutId");

-- CreateIndex
CREATE INDEX "Payout_status_idx" ON "Payout"("status");

-- CreateIndex
CREATE UNIQUE INDEX "Payout_farmId_periodEnd_key" ON "Payout"("farmId", "periodEnd");

-- AddForeignKey
ALTER TABLE "FarmAccount" ADD CONSTRAINT "FarmAccount_farmId_fkey" FOREIGN KEY ("farmId") REFERENCES "Farm"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FarmLedgerEntry" ADD CONSTRAINT "FarmLedgerEntry_farmId_fkey" FOREIGN KEY ("farmId") REFERENCES "Farm"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FarmLedgerEntry" ADD CONSTRAINT "FarmLedgerEntry_payoutId_fkey" FOREIGN KEY ("payoutId") REFERENCES "Payout"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_farmId_fkey" FOREIGN KEY ("farmId") REFERENCES "Farm"("id") ON DELETE CASCADE ON UPDATE CASCADE;


