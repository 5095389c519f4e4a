-- Passkeys and two-step sign-in (docs/accounts.md).

-- CreateTable
CREATE TABLE "Passkey" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "credentialId" TEXT NOT NULL,
    "publicKey" BYTEA NOT NULL,
    "counter" BIGINT NOT NULL DEFAULT 0,
    "transports" TEXT[],
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),

    CONSTRAINT "Passkey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TwoStep" (
    "userId" INTEGER NOT NULL,
    "secret" TEXT NOT NULL,
    "enabledAt" TIMESTAMP(3),
    "lastStep" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TwoStep_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "RecoveryCode" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "codeHash" TEXT NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "RecoveryCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuthChallenge" (
    "id" SERIAL NOT NULL,
    "purpose" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "userId" INTEGER,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuthChallenge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Passkey_credentialId_key" ON "Passkey"("credentialId");

-- CreateIndex
CREATE INDEX "Passkey_userId_idx" ON "Passkey"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "RecoveryCode_userId_codeHash_key" ON "RecoveryCode"("userId", "codeHash");

-- CreateIndex
CREATE UNIQUE INDEX "AuthChallenge_key_key" ON "AuthChallenge"("key");

-- CreateIndex
CREATE INDEX "AuthChallenge_expiresAt_idx" ON "AuthChallenge"("expiresAt");

-- AddForeignKey
ALTER TABLE "Passkey" ADD CONSTRAINT "Passkey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TwoStep" ADD CONSTRAINT "TwoStep_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RecoveryCode" ADD CONSTRAINT "RecoveryCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuthChallenge" ADD CONSTRAINT "AuthChallenge_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Turning two-step on or off, and a farm setting up payouts, change what a session resolves to
-- (whether money actions need two-step first): announce them on `ff_sessions` like a change of the
-- user's row (see 20261124030000_session_change_notify). The code step moving is not announced.
CREATE FUNCTION ff_two_step_changed() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  PERFORM pg_notify(''ff_sessions'', ''u:'' || COALESCE(NEW."userId", OLD."userId"))\003B
  RETURN NULL\003B
END';

CREATE TRIGGER "TwoStep_changed_notify" AFTER INSERT OR DELETE OR UPDATE OF "enabledAt" ON "TwoStep"
  FOR EACH ROW EXECUTE FUNCTION ff_two_step_changed();

CREATE FUNCTION ff_farm_payouts_changed() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  PERFORM pg_notify(''ff_sessions'', ''u:'' || f."userId") FROM "Farm" f WHERE f."id" = COALESCE(NEW."farmId", OLD."farmId")\003B
  RETURN NULL\003B
END';

CREATE TRIGGER "FarmAccount_payouts_changed_notify" AFTER INSERT OR DELETE OR UPDATE OF "stripeAccountId" ON "FarmAccount"
  FOR EACH ROW EXECUTE FUNCTION ff_farm_payouts_changed();
