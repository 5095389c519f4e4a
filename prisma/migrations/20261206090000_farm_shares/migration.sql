-- Farm shares (docs/shares.md): plans, memberships, published boxes, the box of each member per date,
-- the prepaid ledger and instalments. Stock holds may now belong to a member.
-- AlterEnum
ALTER TYPE "TransactionType" ADD VALUE 'share';

-- CreateEnum
CREATE TYPE "ShareStatus" AS ENUM ('active', 'paused', 'cancelled');

-- CreateEnum
CREATE TYPE "SharePayment" AS ENUM ('weekly', 'season');

-- CreateEnum
CREATE TYPE "ShareBoxStatus" AS ENUM ('placed', 'failed', 'skipped');

-- AlterTable
ALTER TABLE "StockReservation" ADD COLUMN     "shareMembershipId" INTEGER,
ALTER COLUMN "standingOrderId" DROP NOT NULL;

-- CreateTable
CREATE TABLE "SharePlan" (
    "id" SERIAL NOT NULL,
    "farmId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "boxPriceCents" INTEGER NOT NULL,
    "everyWeeks" INTEGER NOT NULL DEFAULT 1,
    "seasonStart" TEXT NOT NULL,
    "seasonEnd" TEXT NOT NULL,
    "capacity" INTEGER NOT NULL,
    "memberCount" INTEGER NOT NULL DEFAULT 0,
    "skipsPerSeason" INTEGER NOT NULL DEFAULT 0,
    "kind" "FulfilmentKind" NOT NULL,
    "pickupPointId" INTEGER,
    "zoneIds" INTEGER[],
    "payments" "SharePayment"[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SharePlan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShareBox" (
    "id" SERIAL NOT NULL,
    "planId" INTEGER NOT NULL,
    "localDate" TEXT NOT NULL,
    "items" JSONB NOT NULL,
    "swapOptions" JSONB NOT NULL DEFAULT '[]',
    "publishedAt" TIMESTAMP(3),
    "dueAt" TIMESTAMP(3) NOT NULL,
    "placedAt" TIMESTAMP(3),

    CONSTRAINT "ShareBox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShareMembership" (
    "id" SERIAL NOT NULL,
    "planId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "status" "ShareStatus" NOT NULL DEFAULT 'active',
    "payment" "SharePayment" NOT NULL,
    "pausedUntil" TEXT,
    "skipsUsed" INTEGER NOT NULL DEFAULT 0,
    "pickupPointId" INTEGER,
    "addressId" INTEGER,
    "never" INTEGER[],
    "prepaidCents" INTEGER NOT NULL DEFAULT 0,
    "boxesLeft" INTEGER NOT NULL DEFAULT 0,
    "instalments" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cancelledAt" TIMESTAMP(3),

    CONSTRAINT "ShareMembership_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShareBoxChoice" (
    "id" SERIAL NOT NULL,
    "membershipId" INTEGER NOT NULL,
    "localDate" TEXT NOT NULL,
    "swaps" JSONB NOT NULL DEFAULT '[]',
    "skipped" BOOLEAN NOT NULL DEFAULT false,
    "status" "ShareBoxStatus",
    "orderId" INTEGER,
    "reason" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShareBoxChoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShareLedgerEntry" (
    "id" SERIAL NOT NULL,
    "membershipId" INTEGER NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShareLedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShareInstalment" (
    "id" SERIAL NOT NULL,
    "membershipId" INTEGER NOT NULL,
    "dueDate" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "paidAt" TIMESTAMP(3),

    CONSTRAINT "ShareInstalment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SharePlan_farmId_id_idx" ON "SharePlan"("farmId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ShareBox_planId_localDate_key" ON "ShareBox"("planId", "localDate");

-- CreateIndex
CREATE INDEX "ShareBox_placedAt_dueAt_idx" ON "ShareBox"("placedAt", "dueAt");

-- CreateIndex
CREATE INDEX "ShareMembership_planId_status_idx" ON "ShareMembership"("planId", "status");

-- CreateIndex
CREATE INDEX "ShareMembership_userId_id_idx" ON "ShareMembership"("userId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ShareBoxChoice_membershipId_localDate_key" ON "ShareBoxChoice"("membershipId", "localDate");

-- CreateIndex
CREATE INDEX "ShareLedgerEntry_membershipId_id_idx" ON "ShareLedgerEntry"("membershipId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ShareInstalment_membershipId_dueDate_key" ON "ShareInstalment"("membershipId", "dueDate");

-- CreateIndex
CREATE UNIQUE INDEX "StockReservation_shareMembershipId_productId_key" ON "StockReservation"("shareMembershipId", "productId");

-- AddForeignKey
ALTER TABLE "StockReservation" ADD CONSTRAINT "StockReservation_shareMembershipId_fkey" FOREIGN KEY ("shareMembershipId") REFERENCES "ShareMembership"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SharePlan" ADD CONSTRAINT "SharePlan_farmId_fkey" FOREIGN KEY ("farmId") REFERENCES "Farm"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareBox" ADD CONSTRAINT "ShareBox_planId_fkey" FOREIGN KEY ("planId") REFERENCES "SharePlan"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareMembership" ADD CONSTRAINT "ShareMembership_planId_fkey" FOREIGN KEY ("planId") REFERENCES "SharePlan"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareMembership" ADD CONSTRAINT "ShareMembership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareBoxChoice" ADD CONSTRAINT "ShareBoxChoice_membershipId_fkey" FOREIGN KEY ("membershipId") REFERENCES "ShareMembership"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareLedgerEntry" ADD CONSTRAINT "ShareLedgerEntry_membershipId_fkey" FOREIGN KEY ("membershipId") REFERENCES "ShareMembership"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareInstalment" ADD CONSTRAINT "ShareInstalment_membershipId_fkey" FOREIGN KEY ("membershipId") REFERENCES "ShareMembership"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- A hold belongs to exactly one holder.
ALTER TABLE "StockReservation" ADD CONSTRAINT "StockReservation_holder_check"
  CHECK (("standingOrderId" IS NULL) <> ("shareMembershipId" IS NULL));

-- Parallel joins never pass the capacity of the plan, and balances never go below zero.
ALTER TABLE "SharePlan" ADD CONSTRAINT "SharePlan_memberCount_check"
  CHECK ("memberCount" >= 0 AND "memberCount" <= "capacity");
ALTER TABLE "SharePlan" ADD CONSTRAINT "SharePlan_everyWeeks_check" CHECK ("everyWeeks" IN (1, 2));
ALTER TABLE "SharePlan" ADD CONSTRAINT "SharePlan_boxPriceCents_check" CHECK ("boxPriceCents" > 0);
ALTER TABLE "ShareMembership" ADD CONSTRAINT "ShareMembership_prepaidCents_check" CHECK ("prepaidCents" >= 0);
ALTER TABLE "ShareMembership" ADD CONSTRAINT "ShareMembership_boxesLeft_check" CHECK ("boxesLeft" >= 0);

-- One membership of a plan per person at a time (a cancelled one may be followed by a new one).
CREATE UNIQUE INDEX "ShareMembership_planId_userId_live_key" ON "ShareMembership"("planId", "userId")
  WHERE "status" <> 'cancelled';
