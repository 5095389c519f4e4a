-- TRUNCATE fires no row trigger, so the append-only rule needs a statement trigger too. It also
-- fires when a TRUNCATE of another table cascades here. (DISABLE TRIGGER and
-- session_replication_role are kept from the app by its role: docs/operations.md.)
CREATE TRIGGER "AuditLog_no_truncate" BEFORE TRUNCATE ON "AuditLog"
  FOR EACH STATEMENT EXECUTE FUNCTION ff_audit_append_only();
