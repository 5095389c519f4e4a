-- DropIndex
DROP INDEX "Product_farmId_isHidden_idx";

-- CreateIndex
CREATE INDEX "Product_farmId_isHidden_id_idx" ON "Product"("farmId", "isHidden", "id" DESC);

-- CreateIndex
CREATE INDEX "Product_isFeatured_categoryId_isHidden_id_idx" ON "Product"("isFeatured", "categoryId", "isHidden", "id" DESC);

-- CreateIndex
CREATE INDEX "Product_isPopular_categoryId_isHidden_id_idx" ON "Product"("isPopular", "categoryId", "isHidden", "id" DESC);


