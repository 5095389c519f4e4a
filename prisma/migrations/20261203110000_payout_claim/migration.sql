-- AlterTable
ALTER TABLE "Payout" ADD COLUMN     "claimedUntil" TIMESTAMP(3);
