CREATE TABLE "auth_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"name" varchar(256) NOT NULL,
	"display_name" varchar(256),
	"description" text,
	"secret" varchar(512),
	"redirect_uri" text,
	"grant_types" varchar(512),
	"scope" varchar(512),
	"base_url" varchar(2000),
	"root_url" varchar(2000),
	"is_confidential" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"realm_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_clients_name_realm_unique" UNIQUE("name","realm_id")
);
--> statement-breakpoint
CREATE TABLE "auth_identity_provider_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_user_id" varchar(256) NOT NULL,
	"provider_user_name" varchar(256),
	"provider_user_email" varchar(512),
	"user_id" uuid NOT NULL,
	"user_realm_id" uuid,
	"provider_id" uuid NOT NULL,
	"provider_realm_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_idp_accounts_provider_user_unique" UNIQUE("provider_id","provider_user_id")
);
--> statement-breakpoint
CREATE TABLE "auth_identity_provider_role_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"synchronization_mode" varchar(64),
	"name" varchar(64),
	"value" varchar(128),
	"value_is_regex" boolean DEFAULT false NOT NULL,
	"role_id" uuid NOT NULL,
	"role_realm_id" uuid,
	"provider_id" uuid NOT NULL,
	"provider_realm_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_idp_role_mappings_unique" UNIQUE("provider_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "auth_identity_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(128) NOT NULL,
	"display_name" varchar(256),
	"protocol" varchar(64),
	"preset" varchar(64),
	"enabled" boolean DEFAULT true NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"realm_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_identity_providers_name_realm_unique" UNIQUE("name","realm_id")
);
--> statement-breakpoint
CREATE TABLE "auth_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"name" varchar(128) NOT NULL,
	"display_name" varchar(256),
	"description" text,
	"target" varchar(16),
	"policy_id" uuid,
	"client_id" uuid,
	"realm_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_permissions_name_client_realm_unique" UNIQUE NULLS NOT DISTINCT("name","client_id","realm_id")
);
--> statement-breakpoint
CREATE TABLE "auth_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"type" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"display_name" varchar(256),
	"description" text,
	"invert" boolean DEFAULT false NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parent_id" uuid,
	"realm_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_policies_name_realm_unique" UNIQUE NULLS NOT DISTINCT("name","realm_id")
);
--> statement-breakpoint
CREATE TABLE "auth_realms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(128) NOT NULL,
	"display_name" varchar(256),
	"description" text,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_realms_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "auth_robots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(128) NOT NULL,
	"display_name" varchar(256),
	"description" text,
	"secret" varchar(512) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"user_id" uuid,
	"client_id" uuid,
	"realm_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_robots_name_realm_unique" UNIQUE("name","realm_id")
);
--> statement-breakpoint
CREATE TABLE "auth_role_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"value" text,
	"role_id" uuid NOT NULL,
	"realm_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_role_attributes_name_role_unique" UNIQUE("name","role_id")
);
--> statement-breakpoint
CREATE TABLE "auth_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"name" varchar(128) NOT NULL,
	"display_name" varchar(256),
	"description" text,
	"target" varchar(16),
	"client_id" uuid,
	"realm_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_roles_name_client_realm_unique" UNIQUE NULLS NOT DISTINCT("name","client_id","realm_id")
);
--> statement-breakpoint
CREATE TABLE "auth_scopes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"name" varchar(128) NOT NULL,
	"display_name" varchar(256),
	"description" text,
	"realm_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_scopes_name_realm_unique" UNIQUE NULLS NOT DISTINCT("name","realm_id")
);
--> statement-breakpoint
CREATE TABLE "auth_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" varchar(64) NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"signature_algorithm" varchar(64) NOT NULL,
	"private_key" text NOT NULL,
	"public_key" text NOT NULL,
	"realm_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_user_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"value" text,
	"user_id" uuid NOT NULL,
	"realm_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_user_attributes_name_user_unique" UNIQUE("name","user_id")
);
--> statement-breakpoint
CREATE TABLE "auth_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(128) NOT NULL,
	"name_locked" boolean DEFAULT true NOT NULL,
	"first_name" varchar(128),
	"last_name" varchar(128),
	"display_name" varchar(256),
	"email" varchar(256),
	"password" varchar(512),
	"avatar" varchar(255),
	"cover" varchar(255),
	"reset_hash" varchar(512),
	"reset_at" varchar(28),
	"reset_expires" varchar(28),
	"status" varchar(256),
	"status_message" varchar(256),
	"active" boolean DEFAULT true NOT NULL,
	"activate_hash" varchar(512),
	"realm_id" uuid NOT NULL,
	"client_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_users_name_realm_unique" UNIQUE("name","realm_id")
);
--> statement-breakpoint
CREATE TABLE "auth_client_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"client_realm_id" uuid,
	"permission_id" uuid NOT NULL,
	"permission_realm_id" uuid,
	"policy_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_client_permissions_unique" UNIQUE("client_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "auth_client_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"client_realm_id" uuid,
	"role_id" uuid NOT NULL,
	"role_realm_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_client_roles_unique" UNIQUE("client_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "auth_client_scopes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"client_realm_id" uuid,
	"scope_id" uuid NOT NULL,
	"scope_realm_id" uuid,
	"default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_client_scopes_unique" UNIQUE("client_id","scope_id")
);
--> statement-breakpoint
CREATE TABLE "auth_robot_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"robot_id" uuid NOT NULL,
	"robot_realm_id" uuid,
	"permission_id" uuid NOT NULL,
	"permission_realm_id" uuid,
	"policy_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_robot_permissions_unique" UNIQUE("robot_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "auth_robot_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"robot_id" uuid NOT NULL,
	"robot_realm_id" uuid,
	"role_id" uuid NOT NULL,
	"role_realm_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_robot_roles_unique" UNIQUE("robot_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "auth_role_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role_id" uuid NOT NULL,
	"role_realm_id" uuid,
	"permission_id" uuid NOT NULL,
	"permission_realm_id" uuid,
	"policy_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_role_permissions_unique" UNIQUE("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "auth_user_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_realm_id" uuid,
	"permission_id" uuid NOT NULL,
	"permission_realm_id" uuid,
	"policy_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_user_permissions_unique" UNIQUE("user_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "auth_user_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_realm_id" uuid,
	"role_id" uuid NOT NULL,
	"role_realm_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_user_roles_unique" UNIQUE("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "auth_authorization_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" varchar(128) NOT NULL,
	"request" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_authorization_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "auth_login_failures" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"scope" varchar(512),
	"access_token_id" uuid,
	"client_id" uuid,
	"user_id" uuid,
	"robot_id" uuid,
	"realm_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_revoked_tokens" (
	"jti" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_clients" ADD CONSTRAINT "auth_clients_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_identity_provider_accounts" ADD CONSTRAINT "auth_identity_provider_accounts_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_identity_provider_accounts" ADD CONSTRAINT "auth_identity_provider_accounts_provider_id_auth_identity_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."auth_identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_identity_provider_role_mappings" ADD CONSTRAINT "auth_identity_provider_role_mappings_role_id_auth_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."auth_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_identity_provider_role_mappings" ADD CONSTRAINT "auth_identity_provider_role_mappings_provider_id_auth_identity_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."auth_identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_identity_providers" ADD CONSTRAINT "auth_identity_providers_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_permissions" ADD CONSTRAINT "auth_permissions_policy_id_auth_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."auth_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_permissions" ADD CONSTRAINT "auth_permissions_client_id_auth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."auth_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_permissions" ADD CONSTRAINT "auth_permissions_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_policies" ADD CONSTRAINT "auth_policies_parent_id_auth_policies_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."auth_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_policies" ADD CONSTRAINT "auth_policies_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_robots" ADD CONSTRAINT "auth_robots_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_robots" ADD CONSTRAINT "auth_robots_client_id_auth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."auth_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_robots" ADD CONSTRAINT "auth_robots_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_role_attributes" ADD CONSTRAINT "auth_role_attributes_role_id_auth_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."auth_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_role_attributes" ADD CONSTRAINT "auth_role_attributes_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_roles" ADD CONSTRAINT "auth_roles_client_id_auth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."auth_clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_roles" ADD CONSTRAINT "auth_roles_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_scopes" ADD CONSTRAINT "auth_scopes_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_keys" ADD CONSTRAINT "auth_keys_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user_attributes" ADD CONSTRAINT "auth_user_attributes_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user_attributes" ADD CONSTRAINT "auth_user_attributes_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_users" ADD CONSTRAINT "auth_users_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_users" ADD CONSTRAINT "auth_users_client_id_auth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."auth_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_client_permissions" ADD CONSTRAINT "auth_client_permissions_client_id_auth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."auth_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_client_permissions" ADD CONSTRAINT "auth_client_permissions_permission_id_auth_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."auth_permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_client_permissions" ADD CONSTRAINT "auth_client_permissions_policy_id_auth_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."auth_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_client_roles" ADD CONSTRAINT "auth_client_roles_client_id_auth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."auth_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_client_roles" ADD CONSTRAINT "auth_client_roles_role_id_auth_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."auth_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_client_scopes" ADD CONSTRAINT "auth_client_scopes_client_id_auth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."auth_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_client_scopes" ADD CONSTRAINT "auth_client_scopes_scope_id_auth_scopes_id_fk" FOREIGN KEY ("scope_id") REFERENCES "public"."auth_scopes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_robot_permissions" ADD CONSTRAINT "auth_robot_permissions_robot_id_auth_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."auth_robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_robot_permissions" ADD CONSTRAINT "auth_robot_permissions_permission_id_auth_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."auth_permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_robot_permissions" ADD CONSTRAINT "auth_robot_permissions_policy_id_auth_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."auth_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_robot_roles" ADD CONSTRAINT "auth_robot_roles_robot_id_auth_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."auth_robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_robot_roles" ADD CONSTRAINT "auth_robot_roles_role_id_auth_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."auth_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_role_permissions" ADD CONSTRAINT "auth_role_permissions_role_id_auth_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."auth_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_role_permissions" ADD CONSTRAINT "auth_role_permissions_permission_id_auth_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."auth_permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_role_permissions" ADD CONSTRAINT "auth_role_permissions_policy_id_auth_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."auth_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user_permissions" ADD CONSTRAINT "auth_user_permissions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user_permissions" ADD CONSTRAINT "auth_user_permissions_permission_id_auth_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."auth_permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user_permissions" ADD CONSTRAINT "auth_user_permissions_policy_id_auth_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."auth_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user_roles" ADD CONSTRAINT "auth_user_roles_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user_roles" ADD CONSTRAINT "auth_user_roles_role_id_auth_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."auth_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_refresh_tokens" ADD CONSTRAINT "auth_refresh_tokens_client_id_auth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."auth_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_refresh_tokens" ADD CONSTRAINT "auth_refresh_tokens_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_refresh_tokens" ADD CONSTRAINT "auth_refresh_tokens_robot_id_auth_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."auth_robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_refresh_tokens" ADD CONSTRAINT "auth_refresh_tokens_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_policies_parent_idx" ON "auth_policies" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "auth_keys_realm_idx" ON "auth_keys" USING btree ("realm_id","priority");--> statement-breakpoint
CREATE INDEX "auth_users_realm_idx" ON "auth_users" USING btree ("realm_id");--> statement-breakpoint
CREATE INDEX "auth_refresh_tokens_expires_idx" ON "auth_refresh_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "auth_revoked_tokens_expires_idx" ON "auth_revoked_tokens" USING btree ("expires_at");