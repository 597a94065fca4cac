CREATE TABLE "auth_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_consents_user_client_unique" UNIQUE("user_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "auth_realm_scopes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"scope_id" uuid NOT NULL,
	"scope_realm_id" uuid,
	"default" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_realm_scopes_unique" UNIQUE("realm_id","scope_id")
);
--> statement-breakpoint
ALTER TABLE "auth_clients" ADD COLUMN "first_party" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_authorization_codes" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth_authorization_codes" ADD COLUMN "access_token_id" uuid;--> statement-breakpoint
ALTER TABLE "auth_refresh_tokens" ADD COLUMN "grant_id" uuid;--> statement-breakpoint
ALTER TABLE "auth_identity_provider_states" ADD COLUMN "return_to" varchar(2000);--> statement-breakpoint
ALTER TABLE "auth_consents" ADD CONSTRAINT "auth_consents_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_consents" ADD CONSTRAINT "auth_consents_client_id_auth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."auth_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_realm_scopes" ADD CONSTRAINT "auth_realm_scopes_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_realm_scopes" ADD CONSTRAINT "auth_realm_scopes_scope_id_auth_scopes_id_fk" FOREIGN KEY ("scope_id") REFERENCES "public"."auth_scopes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand: the built-in scope "profile" (standard OIDC clients ask for it) and, for every realm
-- that exists already, the built-in scopes a new client of the realm is given. New realms get them when
-- they are created.
INSERT INTO "auth_scopes" ("name", "built_in") VALUES ('profile', true) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "auth_realm_scopes" ("realm_id", "scope_id", "scope_realm_id", "default")
  SELECT "auth_realms"."id", "auth_scopes"."id", NULL, true
  FROM "auth_realms" CROSS JOIN "auth_scopes"
  WHERE "auth_scopes"."realm_id" IS NULL
    AND "auth_scopes"."name" IN ('openid', 'profile', 'email', 'roles', 'identity')
  ON CONFLICT DO NOTHING;
