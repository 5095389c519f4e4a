-- The sales report asks, per completed order, whether a standing order placed it (docs/money.md).

-- CreateIndex
CREATE INDEX "StandingOrderOccurrence_orderId_idx" ON "StandingOrderOccurrence"("orderId");
