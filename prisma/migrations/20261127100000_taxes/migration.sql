-- CreateEnum
CREATE TYPE "TaxClass" AS ENUM ('zero', 'standard', 'liquor');

-- AlterTable
ALTER TABLE "Farm" ADD COLUMN     "gstNumber" TEXT,
ADD COLUMN     "pstNumber" TEXT,
ADD COLUMN     "smallSupplier" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "taxRates" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "taxes" JSONB NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "OrderItem" ADD COLUMN     "taxClass" "TaxClass" NOT NULL DEFAULT 'zero';

-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "taxClass" "TaxClass" NOT NULL DEFAULT 'zero';

-- CreateTable
CREATE TABLE "TaxRate" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "taxClass" "TaxClass" NOT NULL,
    "rateBps" INTEGER NOT NULL,
    "effectiveFrom" TIMESTAMP(3) NOT NULL,
    "effectiveTo" TIMESTAMP(3),

    CONSTRAINT "TaxRate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TaxRate_name_taxClass_effectiveFrom_key" ON "TaxRate"("name", "taxClass", "effectiveFrom");


-- British Columbia's rates (docs/money.md, "Taxes"): GST 5 % since 2008, PST 10 % on liquor since
-- the HST ended on 1 April 2013.
INSERT INTO "TaxRate" ("name", "taxClass", "rateBps", "effectiveFrom") VALUES
  ('GST', 'standard', 500, '2008-01-01T08:00:00Z'),
  ('GST', 'liquor', 500, '2008-01-01T08:00:00Z'),
  ('PST', 'liquor', 1000, '2013-04-01T07:00:00Z');

-- Beer and wine are liquor, everything else stays zero-rated until its farm says otherwise.
UPDATE "Product" SET "taxClass" = 'liquor'
WHERE "categoryId" IN (SELECT "id" FROM "Category" WHERE "name" IN ('Craft Beer', 'Wine'));
UPDATE "OrderItem" i SET "taxClass" = p."taxClass" FROM "Product" p WHERE p."id" = i."productId" AND p."taxClass" <> 'zero';
