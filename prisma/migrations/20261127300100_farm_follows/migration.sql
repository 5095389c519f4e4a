-- CreateTable
CREATE TABLE "FarmFollow" (
    "userId" INTEGER NOT NULL,
    "farmId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FarmFollow_pkey" PRIMARY KEY ("userId","farmId")
);

-- CreateIndex
CREATE INDEX "FarmFollow_farmId_userId_idx" ON "FarmFollow"("farmId", "userId");

-- AddForeignKey
ALTER TABLE "FarmFollow" ADD CONSTRAINT "FarmFollow_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FarmFollow" ADD CONSTRAINT "FarmFollow_farmId_fkey" FOREIGN KEY ("farmId") REFERENCES "Farm"("id") ON DELETE CASCADE ON UPDATE CASCADE;


