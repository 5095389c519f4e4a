-- A wallet hold is for a dispute or a refund: its key is the Stripe id of either.
ALTER TABLE "WalletHold" RENAME COLUMN "disputeId" TO "stripeId";
