-- Session cache invalidation (docs/operations.md, "Session cache"): every change that can end a
-- session or change what it resolves to is announced on the `ff_sessions` channel, whichever
-- code or person made it (logout, housekeeping, an operator's DELETE in psql, a cascade from a
-- deleted user). App instances LISTEN and drop the entry at once.
--   's:<idHash>'  one session ended or changed (deleted, expiry or idle clock moved back, owner changed)
--   'u:<userId>'  the user's row changed (name, address, type, password): drop all their sessions
--   '*'           more than 100 sessions ended in one statement: drop everything
--
-- The function bodies are U&'' literals with \003B for the semicolon: the migration runner
-- (the driver adapter's executeScript) splits the file at every semicolon, even inside quotes.

CREATE FUNCTION ff_sessions_deleted() RETURNS trigger LANGUAGE plpgsql AS U&'
DECLARE
  n integer\003B
  h text\003B
BEGIN
  SELECT count(*) INTO n FROM ended\003B
  IF n > 100 THEN
    PERFORM pg_notify(''ff_sessions'', ''*'')\003B
  ELSE
    FOR h IN SELECT "idHash" FROM ended LOOP
      PERFORM pg_notify(''ff_sessions'', ''s:'' || h)\003B
    END LOOP\003B
  END IF\003B
  RETURN NULL\003B
END';

CREATE TRIGGER "Session_deleted_notify" AFTER DELETE ON "Session"
  REFERENCING OLD TABLE AS ended
  FOR EACH STATEMENT EXECUTE FUNCTION ff_sessions_deleted();

CREATE FUNCTION ff_session_changed() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  PERFORM pg_notify(''ff_sessions'', ''s:'' || OLD."idHash")\003B
  RETURN NULL\003B
END';

-- The once-a-minute "last seen" touch only moves lastSeenAt forward: it is not announced.
CREATE TRIGGER "Session_changed_notify" AFTER UPDATE ON "Session"
  FOR EACH ROW
  WHEN (NEW."expiresAt" IS DISTINCT FROM OLD."expiresAt" OR NEW."lastSeenAt" < OLD."lastSeenAt" OR NEW."userId" IS DISTINCT FROM OLD."userId" OR NEW."idHash" IS DISTINCT FROM OLD."idHash")
  EXECUTE FUNCTION ff_session_changed();

CREATE FUNCTION ff_session_user_changed() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  PERFORM pg_notify(''ff_sessions'', ''u:'' || OLD."id")\003B
  RETURN NULL\003B
END';

CREATE TRIGGER "User_changed_notify" AFTER UPDATE ON "User"
  FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION ff_session_user_changed();
