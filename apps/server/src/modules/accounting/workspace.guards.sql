--> statement-breakpoint
-- Not a guard: the workspace's kept count of unmatched bank lines (decision 0011, "Workspace";
-- the migration script takes every *.guards.sql). Counting 400,000 unmatched lines of a million
-- on each visit costs hundreds of milliseconds, so each statement that writes bank_transactions
-- appends its change to workspace_count_deltas (one row per statement, from its transition
-- tables, only when the count moves); the workspace sums the rows and folds them now and then.
CREATE OR REPLACE FUNCTION workspace_unmatched_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workspace_count_deltas (key, n)
  SELECT 'unmatched_transactions', count(*) FROM new_rows WHERE match_status = 'unmatched'
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION workspace_unmatched_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workspace_count_deltas (key, n)
  SELECT 'unmatched_transactions', d.n
    FROM (SELECT (SELECT count(*) FROM new_rows WHERE match_status = 'unmatched')
               - (SELECT count(*) FROM old_rows WHERE match_status = 'unmatched') AS n) d
   WHERE d.n <> 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION workspace_unmatched_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workspace_count_deltas (key, n)
  SELECT 'unmatched_transactions', -count(*) FROM old_rows WHERE match_status = 'unmatched'
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bank_transactions_unmatched_inserted AFTER INSERT ON bank_transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_unmatched_inserted();
--> statement-breakpoint
CREATE TRIGGER bank_transactions_unmatched_updated AFTER UPDATE ON bank_transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION workspace_unmatched_updated();
--> statement-breakpoint
CREATE TRIGGER bank_transactions_unmatched_deleted AFTER DELETE ON bank_transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_unmatched_deleted();
