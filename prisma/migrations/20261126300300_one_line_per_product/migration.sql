-- An order has one line per product (docs/adjustments.md). Lines of one product in one order, which
-- two substitutions with the same product could write before, become the lowest-id line with
-- their quantities added (they were priced alike: both took the substitute's price of the day),
-- and those orders' versions move, so a card proposed against the old lines is stale.
WITH "dup" AS (
  SELECT "orderId", "productId", min("id") AS "keep", sum("quantity")::int AS "quantity"
  FROM "OrderItem" GROUP BY "orderId", "productId" HAVING count(*) > 1
), "merged" AS (
  UPDATE "OrderItem" i SET "quantity" = d."quantity" FROM "dup" d WHERE i."id" = d."keep"
  RETURNING i."orderId"
), "dropped" AS (
  DELETE FROM "OrderItem" i USING "dup" d
  WHERE i."orderId" = d."orderId" AND i."productId" = d."productId" AND i."id" <> d."keep"
)
UPDATE "Order" SET "version" = "version" + 1 WHERE "id" IN (SELECT "orderId" FROM "merged");

-- DropIndex
DROP INDEX "OrderItem_orderId_idx";

-- CreateIndex
CREATE UNIQUE INDEX "OrderItem_orderId_productId_key" ON "OrderItem"("orderId", "productId");
