CREATE TABLE "auth_identity_provider_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" varchar(128) NOT NULL,
	"browser_hash" varchar(128) NOT NULL,
	"provider_id" uuid NOT NULL,
	"code_verifier" varchar(128) NOT NULL,
	"nonce" varchar(128),
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_identity_provider_states_state_hash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
ALTER TABLE "auth_identity_provider_states" ADD CONSTRAINT "auth_identity_provider_states_provider_id_auth_identity_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."auth_identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_identity_provider_states_expires_idx" ON "auth_identity_provider_states" USING btree ("expires_at");