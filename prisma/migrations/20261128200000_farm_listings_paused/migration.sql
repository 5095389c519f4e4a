-- AlterTable
ALTER TABLE "Farm" ADD COLUMN     "listingsPaused" BOOLEAN NOT NULL DEFAULT false;
