-- AlterTable
ALTER TABLE "Payout" ADD COLUMN     "waitingReason" TEXT;
