--> statement-breakpoint
-- Closed months (decision 0011, "Period locks"): the last guard behind the services'
-- `assertPeriodOpen`. Nothing dated in a closed month of its company (period_locks row with
-- reopened_at null) is inserted, changed or deleted: client invoices and credit notes and bills
-- by their issue date, bank transactions and allocations by their date. The old and the new row
-- are both checked, so a row can neither leave nor enter a closed month.
-- A lock freezes a document's content (number, dates, amounts, lines, counterparty, file), not
-- its life afterwards: settlement (settled_amount and what is derived from it), sending (sent_at,
-- sent_to), the internal note and the bookkeeping columns (the author and the import, set null when
-- those are deleted) still move, so an allocation dated in an
-- open month can settle an invoice of a closed one (the allocation's own date is what counts).
-- A bank line likewise keeps taking allocations (allocated_amount) dated in an open month.
-- The refusal is SQLSTATE P0001 with the message 'period_locked: YYYY-MM CODE', which
-- `isPeriodLockViolation` / `periodLockError` (period-locks.guard.ts) turn into the 400.
-- A new dated table adds its trigger here.
CREATE OR REPLACE FUNCTION period_lock_refuse(p_company integer, p_date date) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_code text;
BEGIN
  IF p_company IS NULL OR p_date IS NULL THEN
    RETURN;
  END IF;
  -- Shared with every other write of the company, exclusive with closing a month (which takes
  -- the row FOR UPDATE): a write in flight finishes before a close, and one after it sees the lock.
  PERFORM 1 FROM companies WHERE id = p_company FOR SHARE;
  SELECT c.code INTO v_code
    FROM period_locks l JOIN companies c ON c.id = l.company_id
   WHERE l.company_id = p_company
     AND l.month = date_trunc('month', p_date::timestamp)::date
     AND l.reopened_at IS NULL;
  IF FOUND THEN
    RAISE EXCEPTION 'period_locked: % %', to_char(p_date, 'YYYY-MM'), v_code USING ERRCODE = 'P0001';
  END IF;
END;
$$;
--> statement-breakpoint
-- One row's company and date, by how its table reaches its company: 'company' (its company_id),
-- 'bank' (its bank account's), 'transaction' (its bank transaction's bank account's).
CREATE OR REPLACE FUNCTION period_lock_refuse_row(p_row jsonb, p_company_via text, p_date_column text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM period_lock_refuse(
    CASE p_company_via
      WHEN 'company' THEN (p_row->>'company_id')::integer
      WHEN 'bank' THEN (SELECT company_id FROM banks WHERE id = (p_row->>'bank_id')::integer)
      WHEN 'transaction' THEN (SELECT b.company_id FROM bank_transactions t JOIN banks b ON b.id = t.bank_id
                                WHERE t.id = (p_row->>'transaction_id')::integer)
    END,
    (p_row->>p_date_column)::date);
END;
$$;
--> statement-breakpoint
-- The trigger of every dated table: CREATE TRIGGER ... EXECUTE FUNCTION period_lock_guard(
-- company_via, date_column, free columns...), the free columns being those that may still change
-- in a closed month. An insert checks the new row, a delete the old one, an update that changes
-- anything else both.
CREATE OR REPLACE FUNCTION period_lock_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_free text[] := TG_ARGV[2:];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM period_lock_refuse_row(to_jsonb(NEW), TG_ARGV[0], TG_ARGV[1]);
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM period_lock_refuse_row(to_jsonb(OLD), TG_ARGV[0], TG_ARGV[1]);
    RETURN OLD;
  END IF;
  IF (to_jsonb(NEW) - v_free) IS DISTINCT FROM (to_jsonb(OLD) - v_free) THEN
    PERFORM period_lock_refuse_row(to_jsonb(OLD), TG_ARGV[0], TG_ARGV[1]);
    PERFORM period_lock_refuse_row(to_jsonb(NEW), TG_ARGV[0], TG_ARGV[1]);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER client_invoices_period_lock BEFORE INSERT OR UPDATE OR DELETE ON client_invoices
  FOR EACH ROW EXECUTE FUNCTION period_lock_guard('company', 'issue_date', 'settled_amount', 'open_amount',
    'payment_status', 'difference', 'sent_at', 'sent_to', 'internal_note', 'created_by', 'updated_at', 'version');
--> statement-breakpoint
CREATE TRIGGER supplier_invoices_period_lock BEFORE INSERT OR UPDATE OR DELETE ON supplier_invoices
  FOR EACH ROW EXECUTE FUNCTION period_lock_guard('company', 'issue_date', 'settled_amount', 'open_amount',
    'payment_status', 'difference', 'sent_at', 'sent_to', 'internal_note', 'created_by', 'updated_at', 'version');
--> statement-breakpoint
CREATE TRIGGER bank_transactions_period_lock BEFORE INSERT OR UPDATE OR DELETE ON bank_transactions
  FOR EACH ROW EXECUTE FUNCTION period_lock_guard('bank', 'date', 'allocated_amount', 'match_status',
    'import_id', 'created_by', 'updated_at', 'version');
--> statement-breakpoint
-- allocations are never updated (unmatching deletes them): only their author may be set null.
CREATE TRIGGER allocations_period_lock BEFORE INSERT OR UPDATE OR DELETE ON allocations
  FOR EACH ROW EXECUTE FUNCTION period_lock_guard('transaction', 'date', 'created_by');
