-- CreateTable
CREATE TABLE "ReconcileRun" (
    "id" SERIAL NOT NULL,
    "day" TEXT,
    "against" TEXT NOT NULL,
    "since" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "differences" INTEGER,
    "lines" TEXT[],

    CONSTRAINT "ReconcileRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ReconcileRun_day_key" ON "ReconcileRun"("day");
