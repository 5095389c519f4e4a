-- CreateEnum
CREATE TYPE "UserRole" AS ENUM ('user', 'staff');

-- AlterTable
ALTER TABLE "FarmAccount" ADD COLUMN     "payoutsHeld" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "steppedUpAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "role" "UserRole" NOT NULL DEFAULT 'user';

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" SERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "staffId" INTEGER,
    "action" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuditLog_at_id_idx" ON "AuditLog"("at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "AuditLog_action_id_idx" ON "AuditLog"("action", "id" DESC);

-- CreateIndex
CREATE INDEX "AuditLog_staffId_id_idx" ON "AuditLog"("staffId", "id" DESC);

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_staffId_fkey" FOREIGN KEY ("staffId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;



-- The audit log is append-only: a row, once written, is never changed nor removed.
CREATE FUNCTION ff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  RAISE EXCEPTION ''AuditLog is append-only''\003B
END';

CREATE TRIGGER "AuditLog_append_only" BEFORE UPDATE OR DELETE ON "AuditLog"
  FOR EACH ROW EXECUTE FUNCTION ff_audit_append_only();
