-- The HTTP status is the endpoint's (lib/contracts), not the stored answer's: only the body is replayed.
ALTER TABLE "IdempotencyKey" DROP COLUMN "responseStatus";
