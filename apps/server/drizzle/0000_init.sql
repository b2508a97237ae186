CREATE TABLE "supplier_invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"number" varchar(60) NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"lines_cost" numeric(18, 2) NOT NULL,
	"difference" numeric(18, 2) GENERATED ALWAYS AS (amount - lines_cost) STORED,
	"difference_explanation" text,
	"base_currency" varchar(3) NOT NULL,
	"rate_set_id" integer NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"amount_base" numeric(18, 2) NOT NULL,
	"settled_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"open_amount" numeric(18, 2) GENERATED ALWAYS AS (amount - settled_amount) STORED,
	"payment_status" varchar(8) GENERATED ALWAYS AS (case when settled_amount = amount then 'Paid' else 'Unpaid' end) STORED,
	"file_path" varchar(200) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"file_type" varchar(4) NOT NULL,
	"file_size" integer NOT NULL,
	"file_sha256" char(64) NOT NULL,
	"internal_note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "supplier_invoices_currency_check" CHECK ("supplier_invoices"."currency" in ('GBP', 'USD', 'EUR', 'AED')),
	CONSTRAINT "supplier_invoices_base_currency_check" CHECK ("supplier_invoices"."base_currency" in ('GBP', 'USD', 'EUR', 'AED')),
	CONSTRAINT "supplier_invoices_dates_check" CHECK ("supplier_invoices"."due_date" >= "supplier_invoices"."issue_date"),
	CONSTRAINT "supplier_invoices_amount_check" CHECK ("supplier_invoices"."amount" > 0),
	CONSTRAINT "supplier_invoices_settled_check" CHECK ("supplier_invoices"."settled_amount" >= 0 and "supplier_invoices"."settled_amount" <= "supplier_invoices"."amount"),
	CONSTRAINT "supplier_invoices_file_type_check" CHECK ("supplier_invoices"."file_type" in ('pdf', 'png', 'jpg', 'webp'))
);
--> statement-breakpoint
CREATE TABLE "bank_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"holder" varchar(120) NOT NULL,
	"last_four" char(4) NOT NULL,
	"brand" varchar(12) NOT NULL,
	"expiry_month" smallint NOT NULL,
	"expiry_year" smallint NOT NULL,
	"credit_limit" numeric(18, 2),
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "bank_cards_last_four_check" CHECK ("bank_cards"."last_four" ~ '^[0-9]{4}$'),
	CONSTRAINT "bank_cards_brand_check" CHECK ("bank_cards"."brand" in ('Visa', 'Mastercard', 'Amex', 'Other')),
	CONSTRAINT "bank_cards_month_check" CHECK ("bank_cards"."expiry_month" between 1 and 12),
	CONSTRAINT "bank_cards_year_check" CHECK ("bank_cards"."expiry_year" between 2000 and 2099),
	CONSTRAINT "bank_cards_limit_check" CHECK ("bank_cards"."credit_limit" is null or "bank_cards"."credit_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "client_invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"line_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"account_type" varchar(20) NOT NULL,
	"description" text NOT NULL,
	"service_date_from" date,
	"service_date_to" date,
	"amount" numeric(18, 2) NOT NULL,
	"credited_at" timestamp with time zone,
	"reverses_line_id" integer,
	CONSTRAINT "client_invoice_lines_account_type_check" CHECK ("client_invoice_lines"."account_type" in ('Toms EU', 'Toms non EU', 'Disbursement')),
	CONSTRAINT "client_invoice_lines_amount_check" CHECK ("client_invoice_lines"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "client_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(12) NOT NULL,
	"number" varchar(32) NOT NULL,
	"company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"client_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"credits_invoice_id" integer,
	"reason" text,
	"currency" varchar(3) NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	"base_currency" varchar(3) NOT NULL,
	"rate_set_id" integer NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"total_base" numeric(18, 2) NOT NULL,
	"settled_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"open_amount" numeric(18, 2) GENERATED ALWAYS AS (total - settled_amount) STORED,
	"payment_status" varchar(8) GENERATED ALWAYS AS (case when settled_amount = 0 then 'Unpaid' when settled_amount = total then 'Paid' else 'Partial' end) STORED,
	"sent_at" timestamp with time zone,
	"sent_to" varchar(254),
	"bill_to" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"internal_note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "client_invoices_kind_check" CHECK ("client_invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "client_invoices_credits_check" CHECK (("client_invoices"."kind" = 'credit_note') = ("client_invoices"."credits_invoice_id" is not null)),
	CONSTRAINT "client_invoices_currency_check" CHECK ("client_invoices"."currency" in ('GBP', 'USD', 'EUR', 'AED')),
	CONSTRAINT "client_invoices_base_currency_check" CHECK ("client_invoices"."base_currency" in ('GBP', 'USD', 'EUR', 'AED')),
	CONSTRAINT "client_invoices_dates_check" CHECK ("client_invoices"."due_date" >= "client_invoices"."issue_date"),
	CONSTRAINT "client_invoices_total_check" CHECK (("client_invoices"."kind" = 'invoice' and "client_invoices"."total" > 0) or ("client_invoices"."kind" = 'credit_note' and "client_invoices"."total" < 0)),
	CONSTRAINT "client_invoices_settled_check" CHECK (abs("client_invoices"."settled_amount") <= abs("client_invoices"."total") and "client_invoices"."settled_amount" * "client_invoices"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_note_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_applications_amount_check" CHECK ("credit_applications"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_company_id_year_kind_pk" PRIMARY KEY("company_id","year","kind")
);
--> statement-breakpoint
CREATE TABLE "period_locks" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" integer,
	"reopened_at" timestamp with time zone,
	"reopened_by" integer,
	CONSTRAINT "period_locks_company_id_month_pk" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
CREATE TABLE "document_register" (
	"doc_kind" varchar(12) NOT NULL,
	"doc_id" integer NOT NULL,
	"id" bigserial NOT NULL,
	"company_id" integer NOT NULL,
	"counterparty_kind" varchar(8) NOT NULL,
	"counterparty_id" integer NOT NULL,
	"counterparty_name" varchar(220) NOT NULL,
	"counterparty_sort" varchar(220) NOT NULL,
	"number" varchar(60) NOT NULL,
	"request_numbers" text DEFAULT '' NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"currency" varchar(3) NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	"settled_amount" numeric(18, 2) NOT NULL,
	"open_amount" numeric(18, 2) GENERATED ALWAYS AS (total - settled_amount) STORED,
	"payment_status" varchar(8) NOT NULL,
	"sent" boolean,
	"search_vector" "tsvector" NOT NULL,
	CONSTRAINT "document_register_doc_kind_doc_id_pk" PRIMARY KEY("doc_kind","doc_id"),
	CONSTRAINT "document_register_kind_check" CHECK ("document_register"."doc_kind" in ('invoice', 'credit_note', 'bill')),
	CONSTRAINT "document_register_counterparty_check" CHECK ("document_register"."counterparty_kind" in ('client', 'supplier')),
	CONSTRAINT "document_register_currency_check" CHECK ("document_register"."currency" in ('GBP', 'USD', 'EUR', 'AED')),
	CONSTRAINT "document_register_status_check" CHECK ("document_register"."payment_status" in ('Unpaid', 'Partial', 'Paid'))
);
--> statement-breakpoint
CREATE TABLE "document_register_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"currency" varchar(3) NOT NULL,
	"doc_kind" varchar(12) NOT NULL,
	"company_id" integer NOT NULL,
	"payment_status" varchar(8) NOT NULL,
	"sending" varchar(8) NOT NULL,
	"issue_month" date NOT NULL,
	"due_month" date NOT NULL,
	"count" integer NOT NULL,
	"total" numeric NOT NULL,
	"open" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_register_sums" (
	"currency" varchar(3) NOT NULL,
	"doc_kind" varchar(12) NOT NULL,
	"company_id" integer NOT NULL,
	"payment_status" varchar(8) NOT NULL,
	"sending" varchar(8) NOT NULL,
	"issue_month" date NOT NULL,
	"due_month" date NOT NULL,
	"count" integer NOT NULL,
	"total" numeric NOT NULL,
	"open" numeric NOT NULL,
	CONSTRAINT "document_register_sums_pkey" PRIMARY KEY("currency","doc_kind","company_id","payment_status","sending","issue_month","due_month")
);
--> statement-breakpoint
CREATE TABLE "client_month_sums" (
	"client_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"basis" varchar(8) NOT NULL,
	"month" date NOT NULL,
	"sales" numeric DEFAULT '0' NOT NULL,
	"sales_base" numeric DEFAULT '0' NOT NULL,
	"cost_base" numeric DEFAULT '0' NOT NULL,
	"sales_gbp" numeric DEFAULT '0' NOT NULL,
	"sales_usd" numeric DEFAULT '0' NOT NULL,
	"sales_eur" numeric DEFAULT '0' NOT NULL,
	"sales_aed" numeric DEFAULT '0' NOT NULL,
	"cost_gbp" numeric DEFAULT '0' NOT NULL,
	"cost_usd" numeric DEFAULT '0' NOT NULL,
	"cost_eur" numeric DEFAULT '0' NOT NULL,
	"cost_aed" numeric DEFAULT '0' NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"estimated_lines" integer DEFAULT 0 NOT NULL,
	"negative_lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "client_month_sums_pkey" PRIMARY KEY("basis","month","client_id","company_id"),
	CONSTRAINT "client_month_sums_basis_check" CHECK ("client_month_sums"."basis" in ('service', 'invoice'))
);
--> statement-breakpoint
CREATE TABLE "sales_ledger" (
	"invoice_line_id" integer PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"company_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"account_type" varchar(20) NOT NULL,
	"invoice_date" date NOT NULL,
	"service_date" date NOT NULL,
	"currency" varchar(3) NOT NULL,
	"sales" numeric(18, 2) NOT NULL,
	"base_currency" varchar(3) NOT NULL,
	"sales_base" numeric(18, 2) NOT NULL,
	"cost_base" numeric(18, 2) NOT NULL,
	"cost_source" varchar(10) NOT NULL,
	"bill_id" integer,
	"sales_gbp" numeric(18, 2) NOT NULL,
	"sales_usd" numeric(18, 2) NOT NULL,
	"sales_eur" numeric(18, 2) NOT NULL,
	"sales_aed" numeric(18, 2) NOT NULL,
	"cost_gbp" numeric(18, 2) NOT NULL,
	"cost_usd" numeric(18, 2) NOT NULL,
	"cost_eur" numeric(18, 2) NOT NULL,
	"cost_aed" numeric(18, 2) NOT NULL,
	CONSTRAINT "sales_ledger_kind_check" CHECK ("sales_ledger"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "sales_ledger_account_type_check" CHECK ("sales_ledger"."account_type" in ('Toms EU', 'Toms non EU', 'Disbursement')),
	CONSTRAINT "sales_ledger_currency_check" CHECK ("sales_ledger"."currency" in ('GBP', 'USD', 'EUR', 'AED')),
	CONSTRAINT "sales_ledger_base_currency_check" CHECK ("sales_ledger"."base_currency" in ('GBP', 'USD', 'EUR', 'AED')),
	CONSTRAINT "sales_ledger_cost_source_check" CHECK ("sales_ledger"."cost_source" in ('bill', 'estimated', 'none'))
);
--> statement-breakpoint
CREATE TABLE "sales_month_sums" (
	"company_id" integer NOT NULL,
	"basis" varchar(8) NOT NULL,
	"month" date NOT NULL,
	"account_type" varchar(20) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"base_currency" varchar(3) NOT NULL,
	"sales" numeric DEFAULT '0' NOT NULL,
	"sales_base" numeric DEFAULT '0' NOT NULL,
	"cost_base" numeric DEFAULT '0' NOT NULL,
	"sales_gbp" numeric DEFAULT '0' NOT NULL,
	"sales_usd" numeric DEFAULT '0' NOT NULL,
	"sales_eur" numeric DEFAULT '0' NOT NULL,
	"sales_aed" numeric DEFAULT '0' NOT NULL,
	"cost_gbp" numeric DEFAULT '0' NOT NULL,
	"cost_usd" numeric DEFAULT '0' NOT NULL,
	"cost_eur" numeric DEFAULT '0' NOT NULL,
	"cost_aed" numeric DEFAULT '0' NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"estimated_lines" integer DEFAULT 0 NOT NULL,
	"negative_lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_month_sums_pkey" PRIMARY KEY("basis","month","company_id","account_type","currency"),
	CONSTRAINT "sales_month_sums_basis_check" CHECK ("sales_month_sums"."basis" in ('service', 'invoice'))
);
--> statement-breakpoint
CREATE TABLE "payment_vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"deadline_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	"settled_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"status" varchar(8) GENERATED ALWAYS AS (case when settled_amount >= amount then 'Paid' when approved_at is not null then 'Active' else 'Inactive' end) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "payment_vouchers_type_check" CHECK ("payment_vouchers"."type" in ('Prepayment', 'Part payment', 'Final payment')),
	CONSTRAINT "payment_vouchers_currency_check" CHECK ("payment_vouchers"."currency" in ('GBP', 'USD', 'EUR', 'AED')),
	CONSTRAINT "payment_vouchers_amount_check" CHECK ("payment_vouchers"."amount" > 0),
	CONSTRAINT "payment_vouchers_settled_check" CHECK ("payment_vouchers"."settled_amount" >= 0 and "payment_vouchers"."settled_amount" <= "payment_vouchers"."amount")
);
--> statement-breakpoint
CREATE TABLE "workspace_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" varchar(40) NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity" varchar(40) NOT NULL,
	"entity_id" integer NOT NULL,
	"action" varchar(16) NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(300) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"invoice_id" integer,
	"bill_id" integer,
	"voucher_id" integer,
	"amount" numeric(18, 2) NOT NULL,
	"document_amount" numeric(18, 2) NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"base_amount" numeric(18, 2) NOT NULL,
	"document_base_amount" numeric(18, 2) NOT NULL,
	"fx_difference" numeric(18, 2) NOT NULL,
	"date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allocations_target_check" CHECK (("allocations"."invoice_id" is not null and "allocations"."bill_id" is null and "allocations"."voucher_id" is null)
        or ("allocations"."invoice_id" is null and ("allocations"."bill_id" is not null or "allocations"."voucher_id" is not null))),
	CONSTRAINT "allocations_amount_check" CHECK ("allocations"."amount" > 0 and "allocations"."document_amount" > 0 and "allocations"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "bank_statement_mappings" (
	"bank_id" integer PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"type" varchar(20) NOT NULL,
	"way" varchar(12) NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"counterparty_kind" varchar(8),
	"counterparty_id" integer,
	"reference" varchar(500),
	"reference_words" text[] DEFAULT '{}'::text[] NOT NULL,
	"card_id" integer,
	"pair_id" integer,
	"rate" numeric(18, 6),
	"import_id" integer,
	"dedupe_key" varchar(200),
	"allocated_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"match_status" varchar(9) GENERATED ALWAYS AS (case when allocated_amount = amount then 'matched' else 'unmatched' end) STORED,
	"search_vector" "tsvector" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "bank_transactions_type_check" CHECK ("bank_transactions"."type" in ('RECEIVE', 'SPEND', 'RECEIVE-OVERPAYMENT', 'RECEIVE-PREPAYMENT', 'RECEIVE-TRANSFER', 'SPEND-OVERPAYMENT', 'SPEND-PREPAYMENT', 'SPEND-TRANSFER')),
	CONSTRAINT "bank_transactions_way_check" CHECK ("bank_transactions"."way" in ('pay', 'transfer', 'conversion', 'reduce', 'top_up')),
	CONSTRAINT "bank_transactions_currency_check" CHECK ("bank_transactions"."currency" in ('GBP', 'USD', 'EUR', 'AED')),
	CONSTRAINT "bank_transactions_amount_check" CHECK ("bank_transactions"."amount" > 0),
	CONSTRAINT "bank_transactions_allocated_check" CHECK ("bank_transactions"."allocated_amount" >= 0 and "bank_transactions"."allocated_amount" <= "bank_transactions"."amount"),
	CONSTRAINT "bank_transactions_counterparty_check" CHECK (("bank_transactions"."counterparty_kind" is null) = ("bank_transactions"."counterparty_id" is null) and ("bank_transactions"."counterparty_kind" is null or "bank_transactions"."counterparty_kind" in ('client', 'supplier'))),
	CONSTRAINT "bank_transactions_conversion_check" CHECK ("bank_transactions"."way" <> 'conversion' or "bank_transactions"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "statement_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"file_sha256" varchar(64) NOT NULL,
	"status" varchar(8) DEFAULT 'running' NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_imported" integer DEFAULT 0 NOT NULL,
	"rows_duplicate" integer DEFAULT 0 NOT NULL,
	"report" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "statement_imports_status_check" CHECK ("statement_imports"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "chat_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"title" varchar(120) DEFAULT '' NOT NULL,
	"direct_key" varchar(24),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_id" integer,
	CONSTRAINT "chat_channels_kind_check" CHECK ("chat_channels"."kind" in ('direct', 'group')),
	CONSTRAINT "chat_channels_direct_check" CHECK (("chat_channels"."kind" = 'direct') = ("chat_channels"."direct_key" is not null))
);
--> statement-breakpoint
CREATE TABLE "chat_members" (
	"channel_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_message_id" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_members_channel_id_user_id_pk" PRIMARY KEY("channel_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"bank_name" varchar(120) NOT NULL,
	"account_name" varchar(120),
	"account_number" varchar(40) NOT NULL,
	"swift" varchar(11),
	"currency" varchar(3) NOT NULL,
	"type" varchar(10) NOT NULL,
	"opening_balance" numeric(18, 2) DEFAULT '0' NOT NULL,
	"notes" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "banks_account_number_unique" UNIQUE("account_number"),
	CONSTRAINT "banks_id_currency_key" UNIQUE("id","currency")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"email" varchar(254),
	"phone" varchar(40),
	"phone_alt" varchar(40),
	"gender" varchar(10),
	"language" varchar(2),
	"birthday" date,
	"nationality" varchar(100),
	"passport_number" varchar(40),
	"passport_expiry" date,
	"address" varchar(300),
	"city" varchar(100),
	"country" varchar(100),
	"membership" varchar(30),
	"membership_start" date,
	"membership_end" date,
	"rating" varchar(20) DEFAULT 'Basic' NOT NULL,
	"fo_manager_id" integer,
	"region_id" integer,
	"payment_terms_days" integer,
	"notes" text,
	"sort_name" varchar(210) NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(10) NOT NULL,
	"name" varchar(200) NOT NULL,
	"vat_number" varchar(40),
	"registration_number" varchar(40),
	"address" varchar(500),
	"base_currency" varchar(3) NOT NULL,
	"invoice_prefix" varchar(10),
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "companies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_type" varchar(30) NOT NULL,
	"subtype" varchar(80),
	"named" varchar(80) NOT NULL,
	"default_account_type" varchar(20) NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "services_named_unique" UNIQUE("named")
);
--> statement-breakpoint
CREATE TABLE "supplier_services" (
	"supplier_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	CONSTRAINT "supplier_services_supplier_id_service_id_pk" PRIMARY KEY("supplier_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"name_key" varchar(200) NOT NULL,
	"type" varchar(40) NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"country" varchar(100),
	"city" varchar(100),
	"address" varchar(300),
	"contact_name" varchar(120),
	"email" varchar(254),
	"phone" varchar(40),
	"website" varchar(200),
	"payment_terms_days" integer,
	"currency" varchar(3),
	"bank_name" varchar(120),
	"bank_account" varchar(40),
	"bank_swift" varchar(11),
	"rating" varchar(20),
	"notes" text,
	"search_vector" "tsvector" NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"folder_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"content_hash" char(64) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" varchar(255) NOT NULL,
	"client_id" integer,
	"request_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "document_folders_one_link_check" CHECK ("document_folders"."client_id" is null or "document_folders"."request_id" is null)
);
--> statement-breakpoint
CREATE TABLE "mail_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"position" integer NOT NULL,
	"filename" varchar(255) NOT NULL,
	"content_type" varchar(255) NOT NULL,
	"size" bigint NOT NULL,
	"content_hash" char(64),
	"content_id" varchar(998)
);
--> statement-breakpoint
CREATE TABLE "mail_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"mailbox_id" integer NOT NULL,
	"path" varchar(1000) NOT NULL,
	"name" varchar(255) NOT NULL,
	"role" varchar(10),
	"uidvalidity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"mailbox_id" integer NOT NULL,
	"folder_id" integer,
	"uidvalidity" bigint,
	"uid" bigint,
	"message_id" varchar(998) NOT NULL,
	"in_reply_to" varchar(998),
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"direction" varchar(3) NOT NULL,
	"from_name" varchar(300) DEFAULT '' NOT NULL,
	"from_address" varchar(254) DEFAULT '' NOT NULL,
	"to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"html" text,
	"snippet" varchar(300) DEFAULT '' NOT NULL,
	"has_attachments" boolean DEFAULT false NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"seen_at" timestamp with time zone,
	"client_id" integer,
	"request_id" integer,
	"linked_by" varchar(4),
	"search_vector" "tsvector" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_messages_direction_check" CHECK ("mail_messages"."direction" in ('in', 'out')),
	CONSTRAINT "mail_messages_linked_by_check" CHECK ("mail_messages"."linked_by" is null or "mail_messages"."linked_by" in ('auto', 'user'))
);
--> statement-breakpoint
CREATE TABLE "mailboxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"address" varchar(254) NOT NULL,
	"imap_host" varchar(253) NOT NULL,
	"imap_port" integer NOT NULL,
	"imap_security" varchar(8) NOT NULL,
	"imap_user" varchar(254) NOT NULL,
	"imap_password_enc" text NOT NULL,
	"smtp_host" varchar(253) NOT NULL,
	"smtp_port" integer NOT NULL,
	"smtp_security" varchar(8) NOT NULL,
	"smtp_user" varchar(254),
	"smtp_password_enc" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_error" varchar(1000),
	"sync_owner" varchar(100),
	"sync_lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "mailboxes_imap_security_check" CHECK ("mailboxes"."imap_security" in ('tls', 'starttls', 'none')),
	CONSTRAINT "mailboxes_smtp_security_check" CHECK ("mailboxes"."smtp_security" in ('tls', 'starttls', 'none'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	"title" varchar(300) NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"kind" varchar(32) NOT NULL,
	"subject_id" integer NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_kind_subject_id_due_pk" PRIMARY KEY("kind","subject_id","due")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"named" varchar(3) NOT NULL,
	"title" varchar(60) NOT NULL,
	CONSTRAINT "currencies_named_unique" UNIQUE("named"),
	CONSTRAINT "currencies_named_check" CHECK ("currencies"."named" in ('GBP', 'USD', 'EUR', 'AED'))
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"rate_set_id" integer NOT NULL,
	"original_currency" varchar(3) NOT NULL,
	"target_currency" varchar(3) NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"rate_sell" numeric(18, 6) NOT NULL,
	"rate_buy" numeric(18, 6) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "exchange_rates_set_pair_key" UNIQUE("rate_set_id","original_currency","target_currency"),
	CONSTRAINT "exchange_rates_positive_check" CHECK ("exchange_rates"."rate" > 0 and "exchange_rates"."rate_sell" > 0 and "exchange_rates"."rate_buy" > 0),
	CONSTRAINT "exchange_rates_two_currencies_check" CHECK ("exchange_rates"."original_currency" <> "exchange_rates"."target_currency")
);
--> statement-breakpoint
CREATE TABLE "rate_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(120) NOT NULL,
	"ccy" varchar(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regions_ccy_check" CHECK ("regions"."ccy" in ('GBP', 'USD', 'EUR', 'AED'))
);
--> statement-breakpoint
CREATE TABLE "report_vat_rates" (
	"account_type" varchar(20) PRIMARY KEY NOT NULL,
	"rate" numeric(5, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "report_vat_rates_account_type_check" CHECK ("report_vat_rates"."account_type" in ('Toms EU', 'Toms non EU', 'Disbursement')),
	CONSTRAINT "report_vat_rates_rate_check" CHECK ("report_vat_rates"."rate" is null or ("report_vat_rates"."rate" >= 0 and "report_vat_rates"."rate" <= 100))
);
--> statement-breakpoint
CREATE TABLE "log_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"log_id" integer NOT NULL,
	"action" varchar(24) NOT NULL,
	"status" varchar(24) NOT NULL,
	"comment" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"status" varchar(24) NOT NULL,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "log_records_status_check" CHECK ("log_records"."status" in ('NEW', 'SENT FOR CORRECTION', 'CONFIRM'))
);
--> statement-breakpoint
CREATE TABLE "hotel_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"position" integer NOT NULL,
	"hotel_name" varchar(200) NOT NULL,
	"room_type" varchar(40) NOT NULL,
	"meal" varchar(40) NOT NULL,
	"cancellation_policy" varchar(20) NOT NULL,
	"supplier_id" integer NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"pax" integer,
	"cost" numeric(18, 2) NOT NULL,
	"cost_currency" varchar(3) NOT NULL,
	"price" numeric(18, 2) NOT NULL,
	"price_currency" varchar(3) NOT NULL,
	"notes" text,
	"line_id" integer,
	"sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "hotel_offers_room_type_check" CHECK ("hotel_offers"."room_type" in ('Standard', 'Deluxe', 'Junior suite', 'One bedroom suite and higher', 'All possible')),
	CONSTRAINT "hotel_offers_meal_check" CHECK ("hotel_offers"."meal" in ('Room only', 'Bed and breakfast', 'Half board & others')),
	CONSTRAINT "hotel_offers_policy_check" CHECK ("hotel_offers"."cancellation_policy" in ('Flexible', 'Non refundable', 'Both')),
	CONSTRAINT "hotel_offers_cost_currency_check" CHECK ("hotel_offers"."cost_currency" in ('GBP', 'USD', 'EUR', 'AED')),
	CONSTRAINT "hotel_offers_price_currency_check" CHECK ("hotel_offers"."price_currency" in ('GBP', 'USD', 'EUR', 'AED')),
	CONSTRAINT "hotel_offers_money_check" CHECK ("hotel_offers"."cost" > 0 and "hotel_offers"."price" > 0),
	CONSTRAINT "hotel_offers_dates_check" CHECK ("hotel_offers"."date_to" >= "hotel_offers"."date_from")
);
--> statement-breakpoint
CREATE TABLE "line_deadlines" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_deadlines_type_check" CHECK ("line_deadlines"."type" in ('Prepayment', 'Part payment', 'Final payment')),
	CONSTRAINT "line_deadlines_amount_check" CHECK ("line_deadlines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "request_counters" (
	"company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "request_counters_company_id_year_pk" PRIMARY KEY("company_id","year")
);
--> statement-breakpoint
CREATE TABLE "request_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"position" integer NOT NULL,
	"service_type" varchar(30) NOT NULL,
	"service_subtype" varchar(60),
	"supplier_id" integer,
	"date_from" date,
	"hour_from" varchar(2),
	"minute_from" varchar(2),
	"date_to" date,
	"hour_to" varchar(2),
	"minute_to" varchar(2),
	"pax" integer,
	"description" text,
	"account_type" varchar(20) NOT NULL,
	"cost" numeric(18, 2) NOT NULL,
	"cost_currency" varchar(3) NOT NULL,
	"sell" numeric(18, 2) NOT NULL,
	"sell_currency" varchar(3) NOT NULL,
	"payment_method" varchar(10) NOT NULL,
	"status" varchar(12),
	"hotel_name" varchar(200),
	"room_type" varchar(40),
	"meal" varchar(40),
	"cancellation_policy" varchar(20),
	"flight_class" varchar(10),
	"route" varchar(200),
	"rate_set_id" integer,
	"sell_rate" numeric(18, 6),
	"cost_rate" numeric(18, 6),
	"sell_base" numeric(18, 2),
	"cost_base" numeric(18, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "request_lines_service_type_check" CHECK ("request_lines"."service_type" in ('Hotel', 'Transportation', 'Air tickets', 'Private jet', 'Other', 'Accounting')),
	CONSTRAINT "request_lines_supplier_check" CHECK ("request_lines"."supplier_id" is not null or "request_lines"."service_type" = 'Accounting'),
	CONSTRAINT "request_lines_account_type_check" CHECK ("request_lines"."account_type" in ('Toms EU', 'Toms non EU', 'Disbursement')),
	CONSTRAINT "request_lines_payment_method_check" CHECK ("request_lines"."payment_method" in ('Deposit', 'Stripe', 'Wire', 'Cash')),
	CONSTRAINT "request_lines_status_check" CHECK ("request_lines"."status" is null or "request_lines"."status" in ('Confirmed', 'Invoiced', 'Accounted', 'Canceled')),
	CONSTRAINT "request_lines_cost_currency_check" CHECK ("request_lines"."cost_currency" in ('GBP', 'USD', 'EUR', 'AED')),
	CONSTRAINT "request_lines_sell_currency_check" CHECK ("request_lines"."sell_currency" in ('GBP', 'USD', 'EUR', 'AED')),
	CONSTRAINT "request_lines_money_check" CHECK ("request_lines"."cost" >= 0 and "request_lines"."sell" > 0)
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(24) NOT NULL,
	"kind" varchar(12) DEFAULT 'service' NOT NULL,
	"company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"client_id" integer NOT NULL,
	"fo_manager_id" integer,
	"bo_manager_id" integer,
	"region_id" integer NOT NULL,
	"description" text,
	"canceled_at" timestamp with time zone,
	"status" varchar(12) DEFAULT 'New' NOT NULL,
	"date_from" date,
	"date_to" date,
	"service_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"supplier_names" text DEFAULT '' NOT NULL,
	"base_currency" varchar(3) NOT NULL,
	"sell_total" numeric(18, 2) DEFAULT '0' NOT NULL,
	"margin" numeric(18, 2) DEFAULT '0' NOT NULL,
	"has_invoice" boolean DEFAULT false NOT NULL,
	"lines_count" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "requests_kind_check" CHECK ("requests"."kind" in ('service', 'accounting')),
	CONSTRAINT "requests_status_check" CHECK ("requests"."status" in ('New', 'In progress', 'Confirmed', 'Invoiced', 'Accounted', 'Canceled')),
	CONSTRAINT "requests_base_currency_check" CHECK ("requests"."base_currency" in ('GBP', 'USD', 'EUR', 'AED'))
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"priority" varchar(16) DEFAULT 'Normal' NOT NULL,
	"status" varchar(16) DEFAULT 'Not started' NOT NULL,
	"assignee_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"deadline" timestamp with time zone,
	"request_id" integer,
	"client_id" integer,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "tasks_priority_check" CHECK ("tasks"."priority" in ('Normal', 'Urgent')),
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('Not started', 'In progress', 'Control', 'Completed')),
	CONSTRAINT "tasks_one_link_check" CHECK (num_nonnulls("tasks"."request_id", "tasks"."client_id") <= 1)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"type" varchar(16) DEFAULT 'user' NOT NULL,
	"role" varchar(16) NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"region_id" integer,
	"avatar" varchar(200),
	"temporary_password" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xero_auth_requests" (
	"state_hash" char(64) PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xero_connections" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"tenant_id" varchar(64) NOT NULL,
	"tenant_name" varchar(200) NOT NULL,
	"connection_id" varchar(64),
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"token_version" integer DEFAULT 1 NOT NULL,
	"refresh_owner" varchar(100),
	"refresh_lease_until" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_error" text,
	"contacts_pulled_at" timestamp with time zone,
	"connected_by" integer,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xero_connections_single_check" CHECK ("xero_connections"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "xero_records" (
	"tenant_id" varchar(64) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"record_id" integer NOT NULL,
	"xero_id" varchar(64),
	"status" varchar(8) NOT NULL,
	"fingerprint" char(64),
	"error" text,
	"pushed_at" timestamp with time zone,
	"xero_updated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xero_records_tenant_id_kind_record_id_pk" PRIMARY KEY("tenant_id","kind","record_id"),
	CONSTRAINT "xero_records_kind_check" CHECK ("xero_records"."kind" in ('client', 'supplier', 'invoice', 'bill', 'payment')),
	CONSTRAINT "xero_records_status_check" CHECK ("xero_records"."status" in ('sending', 'pushed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "xero_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xero_settings_single_check" CHECK ("xero_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "xero_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(12) NOT NULL,
	"status" varchar(8) DEFAULT 'queued' NOT NULL,
	"total" integer,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"pulled" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"requested_by" integer,
	"lease_owner" varchar(100),
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "xero_sync_runs_kind_check" CHECK ("xero_sync_runs"."kind" in ('contacts', 'invoices')),
	CONSTRAINT "xero_sync_runs_status_check" CHECK ("xero_sync_runs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "supplier_invoice_lines" ADD CONSTRAINT "supplier_invoice_lines_bill_id_supplier_invoices_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."supplier_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoice_lines" ADD CONSTRAINT "supplier_invoice_lines_line_id_request_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."request_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoice_lines" ADD CONSTRAINT "supplier_invoice_lines_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_rate_set_id_rate_sets_id_fk" FOREIGN KEY ("rate_set_id") REFERENCES "public"."rate_sets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoice_lines" ADD CONSTRAINT "client_invoice_lines_invoice_id_client_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."client_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoice_lines" ADD CONSTRAINT "client_invoice_lines_line_id_request_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."request_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoice_lines" ADD CONSTRAINT "client_invoice_lines_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoice_lines" ADD CONSTRAINT "client_invoice_lines_reverses_line_id_client_invoice_lines_id_fk" FOREIGN KEY ("reverses_line_id") REFERENCES "public"."client_invoice_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_credits_invoice_id_client_invoices_id_fk" FOREIGN KEY ("credits_invoice_id") REFERENCES "public"."client_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_rate_set_id_rate_sets_id_fk" FOREIGN KEY ("rate_set_id") REFERENCES "public"."rate_sets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_credit_note_id_client_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."client_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_invoice_id_client_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."client_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_locks" ADD CONSTRAINT "period_locks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_locks" ADD CONSTRAINT "period_locks_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_locks" ADD CONSTRAINT "period_locks_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_register" ADD CONSTRAINT "document_register_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_ledger" ADD CONSTRAINT "sales_ledger_invoice_line_id_client_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."client_invoice_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_ledger" ADD CONSTRAINT "sales_ledger_invoice_id_client_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."client_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_ledger" ADD CONSTRAINT "sales_ledger_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_ledger" ADD CONSTRAINT "sales_ledger_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_deadline_id_line_deadlines_id_fk" FOREIGN KEY ("deadline_id") REFERENCES "public"."line_deadlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_line_id_request_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."request_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_transaction_id_bank_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."bank_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_invoice_id_client_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."client_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_bill_id_supplier_invoices_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."supplier_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_voucher_id_payment_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."payment_vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_mappings" ADD CONSTRAINT "bank_statement_mappings_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_card_id_bank_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."bank_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_pair_id_bank_transactions_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."bank_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_bank_currency_fk" FOREIGN KEY ("bank_id","currency") REFERENCES "public"."banks"("id","currency") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_channel_id_chat_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."chat_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_channel_id_chat_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."chat_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_fo_manager_id_users_id_fk" FOREIGN KEY ("fo_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_services" ADD CONSTRAINT "supplier_services_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_services" ADD CONSTRAINT "supplier_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_files" ADD CONSTRAINT "document_files_folder_id_document_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."document_folders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_files" ADD CONSTRAINT "document_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_parent_id_document_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."document_folders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_message_id_mail_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_folders" ADD CONSTRAINT "mail_folders_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_folder_id_mail_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."mail_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_rate_set_id_rate_sets_id_fk" FOREIGN KEY ("rate_set_id") REFERENCES "public"."rate_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_original_currency_currencies_named_fk" FOREIGN KEY ("original_currency") REFERENCES "public"."currencies"("named") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_target_currency_currencies_named_fk" FOREIGN KEY ("target_currency") REFERENCES "public"."currencies"("named") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sets" ADD CONSTRAINT "rate_sets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_vat_rates" ADD CONSTRAINT "report_vat_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_events" ADD CONSTRAINT "log_events_log_id_log_records_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."log_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_events" ADD CONSTRAINT "log_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_records" ADD CONSTRAINT "log_records_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_records" ADD CONSTRAINT "log_records_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_records" ADD CONSTRAINT "log_records_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_offers" ADD CONSTRAINT "hotel_offers_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_offers" ADD CONSTRAINT "hotel_offers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_offers" ADD CONSTRAINT "hotel_offers_line_id_request_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."request_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_offers" ADD CONSTRAINT "hotel_offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_deadlines" ADD CONSTRAINT "line_deadlines_line_id_request_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."request_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_deadlines" ADD CONSTRAINT "line_deadlines_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_counters" ADD CONSTRAINT "request_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_rate_set_id_rate_sets_id_fk" FOREIGN KEY ("rate_set_id") REFERENCES "public"."rate_sets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_fo_manager_id_users_id_fk" FOREIGN KEY ("fo_manager_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_bo_manager_id_users_id_fk" FOREIGN KEY ("bo_manager_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xero_auth_requests" ADD CONSTRAINT "xero_auth_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xero_connections" ADD CONSTRAINT "xero_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xero_settings" ADD CONSTRAINT "xero_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xero_sync_runs" ADD CONSTRAINT "xero_sync_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_invoice_lines_line_key" ON "supplier_invoice_lines" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "supplier_invoice_lines_bill_idx" ON "supplier_invoice_lines" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "supplier_invoice_lines_request_idx" ON "supplier_invoice_lines" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_invoices_number_key" ON "supplier_invoices" USING btree ("supplier_id",lower("number"));--> statement-breakpoint
CREATE INDEX "supplier_invoices_company_idx" ON "supplier_invoices" USING btree ("company_id","issue_date");--> statement-breakpoint
CREATE INDEX "supplier_invoices_rate_set_idx" ON "supplier_invoices" USING btree ("rate_set_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_card_key" ON "bank_cards" USING btree ("bank_id","last_four","expiry_year","expiry_month");--> statement-breakpoint
CREATE INDEX "bank_cards_bank_idx" ON "bank_cards" USING btree ("bank_id");--> statement-breakpoint
CREATE INDEX "client_invoice_lines_invoice_idx" ON "client_invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "client_invoice_lines_request_idx" ON "client_invoice_lines" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "client_invoice_lines_line_idx" ON "client_invoice_lines" USING btree ("line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_invoice_lines_live_key" ON "client_invoice_lines" USING btree ("line_id") WHERE amount > 0 and credited_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "client_invoice_lines_reverses_key" ON "client_invoice_lines" USING btree ("reverses_line_id") WHERE reverses_line_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "client_invoices_number_key" ON "client_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "client_invoices_series_key" ON "client_invoices" USING btree ("company_id","kind","year","seq");--> statement-breakpoint
CREATE INDEX "client_invoices_client_idx" ON "client_invoices" USING btree ("client_id","issue_date");--> statement-breakpoint
CREATE INDEX "client_invoices_request_idx" ON "client_invoices" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "client_invoices_credits_idx" ON "client_invoices" USING btree ("credits_invoice_id") WHERE credits_invoice_id is not null;--> statement-breakpoint
CREATE INDEX "client_invoices_company_idx" ON "client_invoices" USING btree ("company_id","issue_date");--> statement-breakpoint
CREATE INDEX "client_invoices_rate_set_idx" ON "client_invoices" USING btree ("rate_set_id");--> statement-breakpoint
CREATE INDEX "credit_applications_credit_idx" ON "credit_applications" USING btree ("credit_note_id");--> statement-breakpoint
CREATE INDEX "credit_applications_invoice_idx" ON "credit_applications" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_register_id_key" ON "document_register" USING btree ("id");--> statement-breakpoint
CREATE INDEX "document_register_issue_idx" ON "document_register" USING btree ("issue_date","id");--> statement-breakpoint
CREATE INDEX "document_register_company_idx" ON "document_register" USING btree ("company_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "document_register_counterparty_idx" ON "document_register" USING btree ("counterparty_kind","counterparty_id","issue_date");--> statement-breakpoint
CREATE INDEX "document_register_kind_idx" ON "document_register" USING btree ("doc_kind","issue_date","id");--> statement-breakpoint
CREATE INDEX "document_register_currency_idx" ON "document_register" USING btree ("currency","issue_date","id");--> statement-breakpoint
CREATE INDEX "document_register_status_idx" ON "document_register" USING btree ("payment_status","issue_date","id");--> statement-breakpoint
CREATE INDEX "document_register_sent_idx" ON "document_register" USING btree ("sent","issue_date","id") WHERE sent is not null;--> statement-breakpoint
CREATE INDEX "document_register_not_sent_idx" ON "document_register" USING btree ("issue_date","id") WHERE not sent;--> statement-breakpoint
CREATE INDEX "document_register_overdue_idx" ON "document_register" USING btree ("due_date","id") WHERE payment_status <> 'Paid';--> statement-breakpoint
CREATE INDEX "document_register_overdue_invoices_idx" ON "document_register" USING btree ("due_date") WHERE doc_kind = 'invoice' and payment_status <> 'Paid';--> statement-breakpoint
CREATE INDEX "document_register_due_idx" ON "document_register" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "document_register_number_idx" ON "document_register" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "document_register_counterparty_sort_idx" ON "document_register" USING btree ("counterparty_sort","id");--> statement-breakpoint
CREATE INDEX "document_register_total_idx" ON "document_register" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "document_register_debts_idx" ON "document_register" USING btree ("doc_kind","counterparty_id","currency","company_id","issue_date","due_date","open_amount") WHERE payment_status <> 'Paid';--> statement-breakpoint
CREATE INDEX "document_register_open_idx" ON "document_register" USING btree ("doc_kind","currency","open_amount") WHERE payment_status <> 'Paid';--> statement-breakpoint
CREATE INDEX "document_register_search_idx" ON "document_register" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "client_month_sums_client_idx" ON "client_month_sums" USING btree ("client_id","basis","month");--> statement-breakpoint
CREATE INDEX "sales_ledger_invoice_idx" ON "sales_ledger" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "sales_ledger_line_idx" ON "sales_ledger" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "sales_ledger_service_idx" ON "sales_ledger" USING btree ("service_date","company_id");--> statement-breakpoint
CREATE INDEX "sales_ledger_invoice_date_idx" ON "sales_ledger" USING btree ("invoice_date","company_id");--> statement-breakpoint
CREATE INDEX "sales_ledger_client_idx" ON "sales_ledger" USING btree ("client_id","service_date");--> statement-breakpoint
CREATE INDEX "sales_ledger_service_requests_idx" ON "sales_ledger" USING btree ("service_date","client_id","request_id");--> statement-breakpoint
CREATE INDEX "sales_ledger_invoice_requests_idx" ON "sales_ledger" USING btree ("invoice_date","client_id","request_id");--> statement-breakpoint
CREATE INDEX "sales_ledger_estimated_idx" ON "sales_ledger" USING btree ("service_date") WHERE cost_source = 'estimated';--> statement-breakpoint
CREATE INDEX "sales_ledger_negative_idx" ON "sales_ledger" USING btree ("service_date") WHERE kind = 'invoice' and sales_base < cost_base;--> statement-breakpoint
CREATE INDEX "sales_ledger_estimated_invoice_date_idx" ON "sales_ledger" USING btree ("invoice_date") WHERE cost_source = 'estimated';--> statement-breakpoint
CREATE INDEX "sales_ledger_negative_invoice_date_idx" ON "sales_ledger" USING btree ("invoice_date") WHERE kind = 'invoice' and sales_base < cost_base;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_vouchers_deadline_key" ON "payment_vouchers" USING btree ("deadline_id");--> statement-breakpoint
CREATE INDEX "payment_vouchers_status_idx" ON "payment_vouchers" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "payment_vouchers_supplier_idx" ON "payment_vouchers" USING btree ("supplier_id","currency","due_date");--> statement-breakpoint
CREATE INDEX "payment_vouchers_request_idx" ON "payment_vouchers" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "payment_vouchers_line_idx" ON "payment_vouchers" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_failures_key_at_idx" ON "login_failures" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "allocations_transaction_idx" ON "allocations" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "allocations_date_idx" ON "allocations" USING btree ("date");--> statement-breakpoint
CREATE INDEX "allocations_invoice_idx" ON "allocations" USING btree ("invoice_id") WHERE invoice_id is not null;--> statement-breakpoint
CREATE INDEX "allocations_bill_idx" ON "allocations" USING btree ("bill_id") WHERE bill_id is not null;--> statement-breakpoint
CREATE INDEX "allocations_voucher_idx" ON "allocations" USING btree ("voucher_id") WHERE voucher_id is not null;--> statement-breakpoint
CREATE INDEX "bank_transactions_date_idx" ON "bank_transactions" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "bank_transactions_bank_idx" ON "bank_transactions" USING btree ("bank_id","date","id");--> statement-breakpoint
CREATE INDEX "bank_transactions_match_idx" ON "bank_transactions" USING btree ("match_status","date","id");--> statement-breakpoint
CREATE INDEX "bank_transactions_counterparty_idx" ON "bank_transactions" USING btree ("counterparty_kind","counterparty_id","date");--> statement-breakpoint
CREATE INDEX "bank_transactions_type_idx" ON "bank_transactions" USING btree ("type","date","id");--> statement-breakpoint
CREATE INDEX "bank_transactions_amount_idx" ON "bank_transactions" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "bank_transactions_bank_unmatched_amount_idx" ON "bank_transactions" USING btree ("bank_id","amount","id") WHERE match_status = 'unmatched';--> statement-breakpoint
CREATE INDEX "bank_transactions_type_amount_idx" ON "bank_transactions" USING btree ("type","amount","id");--> statement-breakpoint
CREATE INDEX "bank_transactions_import_idx" ON "bank_transactions" USING btree ("import_id","date","id") WHERE import_id is not null;--> statement-breakpoint
CREATE INDEX "bank_transactions_search_idx" ON "bank_transactions" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "bank_transactions_reference_words_idx" ON "bank_transactions" USING gin ("reference_words");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_pair_key" ON "bank_transactions" USING btree ("pair_id") WHERE pair_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_dedupe_key" ON "bank_transactions" USING btree ("bank_id","dedupe_key") WHERE dedupe_key is not null;--> statement-breakpoint
CREATE INDEX "statement_imports_bank_idx" ON "statement_imports" USING btree ("bank_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_channels_direct_key" ON "chat_channels" USING btree ("direct_key");--> statement-breakpoint
CREATE INDEX "chat_members_user_idx" ON "chat_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_messages_channel_idx" ON "chat_messages" USING btree ("channel_id","id");--> statement-breakpoint
CREATE INDEX "banks_company_idx" ON "banks" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_email_key" ON "clients" USING btree ("email");--> statement-breakpoint
CREATE INDEX "clients_search_idx" ON "clients" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "clients_sort_idx" ON "clients" USING btree ("sort_name","id");--> statement-breakpoint
CREATE INDEX "clients_created_idx" ON "clients" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "clients_active_rating_idx" ON "clients" USING btree ("rating") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "clients_membership_idx" ON "clients" USING btree ("membership","membership_end");--> statement-breakpoint
CREATE INDEX "clients_membership_end_idx" ON "clients" USING btree ("membership_end");--> statement-breakpoint
CREATE INDEX "clients_archived_idx" ON "clients" USING btree ("archived_at") WHERE archived_at is not null;--> statement-breakpoint
CREATE INDEX "clients_fo_manager_idx" ON "clients" USING btree ("fo_manager_id");--> statement-breakpoint
CREATE INDEX "clients_region_idx" ON "clients" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "supplier_services_service_idx" ON "supplier_services" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_name_key" ON "suppliers" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "suppliers_search_idx" ON "suppliers" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "suppliers_tags_idx" ON "suppliers" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "suppliers_type_idx" ON "suppliers" USING btree ("type");--> statement-breakpoint
CREATE INDEX "suppliers_created_idx" ON "suppliers" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_files_folder_name_key" ON "document_files" USING btree ("folder_id",lower("name"));--> statement-breakpoint
CREATE INDEX "document_files_hash_idx" ON "document_files" USING btree ("content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "document_folders_parent_name_key" ON "document_folders" USING btree (coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "document_folders_client_key" ON "document_folders" USING btree ("client_id") WHERE "document_folders"."client_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "document_folders_request_key" ON "document_folders" USING btree ("request_id") WHERE "document_folders"."request_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_attachments_message_position_key" ON "mail_attachments" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "mail_attachments_hash_idx" ON "mail_attachments" USING btree ("content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_folders_mailbox_path_key" ON "mail_folders" USING btree ("mailbox_id","path");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_messages_server_key" ON "mail_messages" USING btree ("mailbox_id","folder_id","uidvalidity","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_messages_message_id_key" ON "mail_messages" USING btree ("mailbox_id","message_id");--> statement-breakpoint
CREATE INDEX "mail_messages_folder_list_idx" ON "mail_messages" USING btree ("folder_id",("seen_at" is not null),"date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_messages_mailbox_list_idx" ON "mail_messages" USING btree ("mailbox_id",("seen_at" is not null),"date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_messages_unread_idx" ON "mail_messages" USING btree ("folder_id") WHERE "mail_messages"."seen_at" is null and "mail_messages"."direction" = 'in';--> statement-breakpoint
CREATE INDEX "mail_messages_client_idx" ON "mail_messages" USING btree ("client_id","date" DESC NULLS LAST) WHERE "mail_messages"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "mail_messages_request_idx" ON "mail_messages" USING btree ("request_id","date" DESC NULLS LAST) WHERE "mail_messages"."request_id" is not null;--> statement-breakpoint
CREATE INDEX "mail_messages_search_idx" ON "mail_messages" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "mailboxes_region_key" ON "mailboxes" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","read_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reminders_sent_at_idx" ON "reminders_sent" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "exchange_rates_pair_created_idx" ON "exchange_rates" USING btree ("original_currency","target_currency","created_at");--> statement-breakpoint
CREATE INDEX "rate_sets_created_at_idx" ON "rate_sets" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_title_lower_key" ON "regions" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "log_events_log_idx" ON "log_events" USING btree ("log_id","id");--> statement-breakpoint
CREATE INDEX "log_events_corrections_idx" ON "log_events" USING btree ("log_id") WHERE "log_events"."action" = 'sent_for_correction';--> statement-breakpoint
CREATE INDEX "log_records_status_idx" ON "log_records" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "log_records_request_idx" ON "log_records" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "log_records_created_idx" ON "log_records" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "log_records_open_key" ON "log_records" USING btree ("request_id") WHERE "log_records"."status" <> 'CONFIRM';--> statement-breakpoint
CREATE INDEX "hotel_offers_request_idx" ON "hotel_offers" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "line_deadlines_line_idx" ON "line_deadlines" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "line_deadlines_due_idx" ON "line_deadlines" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "line_deadlines_request_idx" ON "line_deadlines" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "request_lines_request_idx" ON "request_lines" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "request_lines_supplier_idx" ON "request_lines" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "request_lines_confirmed_idx" ON "request_lines" USING btree ("request_id") WHERE status = 'Confirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "requests_number_key" ON "requests" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_company_year_seq_key" ON "requests" USING btree ("company_id","year","seq");--> statement-breakpoint
CREATE INDEX "requests_client_idx" ON "requests" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "requests_fo_manager_idx" ON "requests" USING btree ("fo_manager_id");--> statement-breakpoint
CREATE INDEX "requests_bo_manager_idx" ON "requests" USING btree ("bo_manager_id");--> statement-breakpoint
CREATE INDEX "requests_region_idx" ON "requests" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "requests_created_idx" ON "requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "requests_status_idx" ON "requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "requests_company_idx" ON "requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_date_from_idx" ON "requests" USING btree ("date_from");--> statement-breakpoint
CREATE INDEX "requests_dates_idx" ON "requests" USING gist (daterange("date_from", "date_to", '[]'));--> statement-breakpoint
CREATE INDEX "requests_kind_idx" ON "requests" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "requests_sell_total_idx" ON "requests" USING btree ("sell_total","id");--> statement-breakpoint
CREATE INDEX "requests_margin_idx" ON "requests" USING btree ("margin","id");--> statement-breakpoint
CREATE INDEX "requests_has_invoice_idx" ON "requests" USING btree ("has_invoice","created_at");--> statement-breakpoint
CREATE INDEX "requests_service_types_idx" ON "requests" USING gin ("service_types");--> statement-breakpoint
CREATE INDEX "requests_search_idx" ON "requests" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tasks_assignee_idx" ON "tasks" USING btree ("assignee_id","status","deadline");--> statement-breakpoint
CREATE INDEX "tasks_author_idx" ON "tasks" USING btree ("author_id","status","deadline");--> statement-breakpoint
CREATE INDEX "tasks_open_deadline_idx" ON "tasks" USING btree ("deadline") WHERE "tasks"."status" <> 'Completed' and "tasks"."deadline" is not null;--> statement-breakpoint
CREATE INDEX "tasks_deadline_idx" ON "tasks" USING btree ("deadline","id");--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_assignee_deadline_idx" ON "tasks" USING btree ("assignee_id","deadline","id");--> statement-breakpoint
CREATE INDEX "tasks_author_deadline_idx" ON "tasks" USING btree ("author_id","deadline","id");--> statement-breakpoint
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tasks_request_idx" ON "tasks" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "tasks_client_idx" ON "tasks" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_region_idx" ON "users" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "xero_auth_requests_expires_idx" ON "xero_auth_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "xero_records_xero_id_key" ON "xero_records" USING btree ("tenant_id","kind","xero_id") WHERE xero_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "xero_sync_runs_active_key" ON "xero_sync_runs" USING btree ((true)) WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "xero_sync_runs_created_idx" ON "xero_sync_runs" USING btree ("created_at");