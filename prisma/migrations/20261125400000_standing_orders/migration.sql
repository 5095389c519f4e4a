-- CreateEnum
CREATE TYPE "StandingOrderStatus" AS ENUM ('active', 'paused', 'cancelled');

-- CreateEnum
CREATE TYPE "OccurrenceStatus" AS ENUM ('placed', 'failed', 'skipped');

-- CreateTable
CREATE TABLE "StandingOrder" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "farmId" INTEGER NOT NULL,
    "items" JSONB NOT NULL,
    "weekday" INTEGER NOT NULL,
    "kind" "FulfilmentKind" NOT NULL,
    "pickupPointId" INTEGER,
    "addressId" INTEGER,
    "everyWeeks" INTEGER NOT NULL DEFAULT 1,
    "status" "StandingOrderStatus" NOT NULL DEFAULT 'active',
    "skipNextDate" TEXT,
    "nextDate" TEXT NOT NULL,
    "nextDueAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StandingOrder_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "StandingOrder_everyWeeks_check" CHECK ("everyWeeks" IN (1, 2)),
    CONSTRAINT "StandingOrder_weekday_check" CHECK ("weekday" BETWEEN 0 AND 6)
);

-- CreateTable
CREATE TABLE "StandingOrderOccurrence" (
    "id" SERIAL NOT NULL,
    "standingOrderId" INTEGER NOT NULL,
    "localDate" TEXT NOT NULL,
    "status" "OccurrenceStatus" NOT NULL,
    "orderId" INTEGER,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StandingOrderOccurrence_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StandingOrder_status_nextDueAt_idx" ON "StandingOrder"("status", "nextDueAt");

-- CreateIndex
CREATE INDEX "StandingOrder_userId_id_idx" ON "StandingOrder"("userId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "StandingOrderOccurrence_standingOrderId_localDate_key" ON "StandingOrderOccurrence"("standingOrderId", "localDate");

-- AddForeignKey
ALTER TABLE "StandingOrder" ADD CONSTRAINT "StandingOrder_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StandingOrder" ADD CONSTRAINT "StandingOrder_farmId_fkey" FOREIGN KEY ("farmId") REFERENCES "Farm"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StandingOrderOccurrence" ADD CONSTRAINT "StandingOrderOccurrence_standingOrderId_fkey" FOREIGN KEY ("standingOrderId") REFERENCES "StandingOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;
