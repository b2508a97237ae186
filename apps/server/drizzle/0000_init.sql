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
	CONSTRAINT "banks_account_number_unique" UNIQUE("account_number")
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
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_fo_manager_id_users_id_fk" FOREIGN KEY ("fo_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_services" ADD CONSTRAINT "supplier_services_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_services" ADD CONSTRAINT "supplier_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_rate_set_id_rate_sets_id_fk" FOREIGN KEY ("rate_set_id") REFERENCES "public"."rate_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_original_currency_currencies_named_fk" FOREIGN KEY ("original_currency") REFERENCES "public"."currencies"("named") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_target_currency_currencies_named_fk" FOREIGN KEY ("target_currency") REFERENCES "public"."currencies"("named") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sets" ADD CONSTRAINT "rate_sets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_failures_key_at_idx" ON "login_failures" USING btree ("key","at");--> statement-breakpoint
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
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","read_at");--> statement-breakpoint
CREATE INDEX "exchange_rates_pair_created_idx" ON "exchange_rates" USING btree ("original_currency","target_currency","created_at");--> statement-breakpoint
CREATE INDEX "rate_sets_created_at_idx" ON "rate_sets" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_title_lower_key" ON "regions" USING btree (lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_region_idx" ON "users" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");