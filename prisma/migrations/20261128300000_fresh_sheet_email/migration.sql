-- AlterTable
ALTER TABLE "Farm" ADD COLUMN     "freshSheetHour" INTEGER NOT NULL DEFAULT 7,
ADD COLUMN     "freshSheetQueuedFor" TEXT,
ADD COLUMN     "freshSheetWeekday" INTEGER;

-- CreateTable
CREATE TABLE "FreshSheetPreference" (
    "userId" INTEGER NOT NULL,
    "farmId" INTEGER NOT NULL,
    "email" BOOLEAN NOT NULL,

    CONSTRAINT "FreshSheetPreference_pkey" PRIMARY KEY ("userId","farmId")
);

-- AddForeignKey
ALTER TABLE "FreshSheetPreference" ADD CONSTRAINT "FreshSheetPreference_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FreshSheetPreference" ADD CONSTRAINT "FreshSheetPreference_farmId_fkey" FOREIGN KEY ("farmId") REFERENCES "Farm"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- A weekday and an hour in the farm's zone.
ALTER TABLE "Farm" ADD CONSTRAINT "Farm_freshSheetWeekday_check" CHECK ("freshSheetWeekday" BETWEEN 0 AND 6);
ALTER TABLE "Farm" ADD CONSTRAINT "Farm_freshSheetHour_check" CHECK ("freshSheetHour" BETWEEN 0 AND 23);
