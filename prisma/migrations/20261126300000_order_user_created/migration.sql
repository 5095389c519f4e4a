-- GET /api/orders without a status: the newest page of a long history straight from the index
CREATE INDEX "Order_userId_createdAt_id_idx" ON "Order"("userId", "createdAt" DESC, "id" DESC);
