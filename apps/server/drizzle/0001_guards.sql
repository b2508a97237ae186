-- Issued client invoices are immutable (decision 0010): only sending, settlement and the internal
-- note change a header; only crediting (null -> set, once) changes a line; nothing is deleted.
CREATE OR REPLACE FUNCTION client_invoices_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'invoice_immutable: an issued invoice is never deleted' USING ERRCODE = 'P0001';
  END IF;
  IF (to_jsonb(NEW) - ARRAY['sent_at', 'sent_to', 'settled_amount', 'internal_note', 'updated_at', 'version', 'open_amount', 'payment_status'])
     IS DISTINCT FROM
     (to_jsonb(OLD) - ARRAY['sent_at', 'sent_to', 'settled_amount', 'internal_note', 'updated_at', 'version', 'open_amount', 'payment_status']) THEN
    RAISE EXCEPTION 'invoice_immutable: an issued invoice changes only by a credit note' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER client_invoices_guard BEFORE UPDATE OR DELETE ON client_invoices
  FOR EACH ROW EXECUTE FUNCTION client_invoices_guard();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_invoice_lines_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'invoice_immutable: an issued invoice line is never deleted' USING ERRCODE = 'P0001';
  END IF;
  IF (to_jsonb(NEW) - 'credited_at') IS DISTINCT FROM (to_jsonb(OLD) - 'credited_at')
     OR (OLD.credited_at IS NOT NULL AND NEW.credited_at IS DISTINCT FROM OLD.credited_at) THEN
    RAISE EXCEPTION 'invoice_immutable: an issued invoice line changes only by a credit note' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER client_invoice_lines_guard BEFORE UPDATE OR DELETE ON client_invoice_lines
  FOR EACH ROW EXECUTE FUNCTION client_invoice_lines_guard();
