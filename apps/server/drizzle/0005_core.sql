CREATE TABLE "master_image_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(128) NOT NULL,
	"path" varchar(512) NOT NULL,
	"virtual_path" varchar(512) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "master_image_groups_virtual_path_unique" UNIQUE("virtual_path")
);
--> statement-breakpoint
CREATE TABLE "master_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(256) NOT NULL,
	"path" varchar(512),
	"virtual_path" varchar(512) NOT NULL,
	"group_virtual_path" varchar(512) NOT NULL,
	"command" text,
	"command_arguments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "master_images_virtual_path_unique" UNIQUE("virtual_path")
);
--> statement-breakpoint
CREATE TABLE "registries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(128) NOT NULL,
	"host" varchar(512) NOT NULL,
	"account_name" varchar(256),
	"account_secret" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(128) NOT NULL,
	"type" varchar(64) DEFAULT 'default' NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"external_name" varchar(64) NOT NULL,
	"external_id" varchar(64),
	"account_id" varchar(64),
	"account_name" varchar(256),
	"account_secret" varchar(256),
	"webhook_name" varchar(128),
	"webhook_exists" boolean DEFAULT false NOT NULL,
	"registry_id" uuid NOT NULL,
	"realm_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registry_projects_name_registry_unique" UNIQUE("name","registry_id"),
	CONSTRAINT "registry_projects_external_name_registry_unique" UNIQUE("external_name","registry_id"),
	CONSTRAINT "registry_projects_external_id_registry_unique" UNIQUE("external_id","registry_id")
);
--> statement-breakpoint
CREATE TABLE "nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(128) NOT NULL,
	"external_name" varchar(64),
	"public_key" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"type" varchar(64) DEFAULT 'default' NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"registry_id" uuid,
	"registry_project_id" uuid,
	"robot_id" uuid,
	"realm_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nodes_external_name_unique" UNIQUE("external_name"),
	CONSTRAINT "nodes_name_realm_unique" UNIQUE("name","realm_id")
);
--> statement-breakpoint
CREATE TABLE "project_nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"approval_status" varchar(32),
	"comment" text,
	"project_id" uuid NOT NULL,
	"project_realm_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"node_realm_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_nodes_project_node_unique" UNIQUE("project_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(256) NOT NULL,
	"description" text,
	"analyses" integer DEFAULT 0 NOT NULL,
	"nodes" integer DEFAULT 0 NOT NULL,
	"realm_id" uuid NOT NULL,
	"user_id" uuid,
	"robot_id" uuid,
	"master_image_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_name_unique" UNIQUE("name"),
	CONSTRAINT "projects_analyses_not_negative" CHECK ("projects"."analyses" >= 0),
	CONSTRAINT "projects_nodes_not_negative" CHECK ("projects"."nodes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(128),
	"description" text,
	"nodes" integer DEFAULT 0 NOT NULL,
	"configuration_locked" boolean DEFAULT false NOT NULL,
	"build_status" varchar(64),
	"run_status" varchar(64),
	"image_command_arguments" jsonb,
	"registry_id" uuid,
	"realm_id" uuid NOT NULL,
	"user_id" uuid,
	"project_id" uuid NOT NULL,
	"master_image_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analyses_nodes_not_negative" CHECK ("analyses"."nodes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "analysis_bucket_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(256) NOT NULL,
	"root" boolean DEFAULT false NOT NULL,
	"external_id" uuid NOT NULL,
	"robot_id" uuid,
	"user_id" uuid,
	"realm_id" uuid NOT NULL,
	"bucket_id" uuid NOT NULL,
	"analysis_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_buckets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" varchar(64) NOT NULL,
	"external_id" varchar(64),
	"realm_id" uuid NOT NULL,
	"analysis_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_buckets_type_analysis_unique" UNIQUE("type","analysis_id")
);
--> statement-breakpoint
CREATE TABLE "analysis_node_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid,
	"analysis_id" uuid NOT NULL,
	"analysis_realm_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"node_realm_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"approval_status" varchar(32),
	"run_status" varchar(64),
	"comment" text,
	"artifact_tag" varchar(32),
	"artifact_digest" varchar(512),
	"analysis_id" uuid NOT NULL,
	"analysis_realm_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"node_realm_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_nodes_node_analysis_unique" UNIQUE("node_id","analysis_id")
);
--> statement-breakpoint
CREATE TABLE "analysis_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"analysis_id" uuid NOT NULL,
	"analysis_realm_id" uuid,
	"permission_id" uuid NOT NULL,
	"permission_realm_id" uuid,
	"policy_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_permissions_analysis_permission_unique" UNIQUE("analysis_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "node_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"node_id" uuid NOT NULL,
	"task" varchar(64) NOT NULL,
	"payload" jsonb,
	"status" varchar(32) DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "core_locks" (
	"name" varchar(128) PRIMARY KEY NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registry_projects" ADD CONSTRAINT "registry_projects_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_projects" ADD CONSTRAINT "registry_projects_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_registry_project_id_registry_projects_id_fk" FOREIGN KEY ("registry_project_id") REFERENCES "public"."registry_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_robot_id_auth_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."auth_robots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_nodes" ADD CONSTRAINT "project_nodes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_nodes" ADD CONSTRAINT "project_nodes_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_robot_id_auth_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."auth_robots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_master_image_id_master_images_id_fk" FOREIGN KEY ("master_image_id") REFERENCES "public"."master_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_master_image_id_master_images_id_fk" FOREIGN KEY ("master_image_id") REFERENCES "public"."master_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_bucket_files" ADD CONSTRAINT "analysis_bucket_files_robot_id_auth_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."auth_robots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_bucket_files" ADD CONSTRAINT "analysis_bucket_files_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_bucket_files" ADD CONSTRAINT "analysis_bucket_files_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_bucket_files" ADD CONSTRAINT "analysis_bucket_files_bucket_id_analysis_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."analysis_buckets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_bucket_files" ADD CONSTRAINT "analysis_bucket_files_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_buckets" ADD CONSTRAINT "analysis_buckets_realm_id_auth_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."auth_realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_buckets" ADD CONSTRAINT "analysis_buckets_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_node_events" ADD CONSTRAINT "analysis_node_events_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_node_events" ADD CONSTRAINT "analysis_node_events_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_nodes" ADD CONSTRAINT "analysis_nodes_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_nodes" ADD CONSTRAINT "analysis_nodes_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_permissions" ADD CONSTRAINT "analysis_permissions_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_permissions" ADD CONSTRAINT "analysis_permissions_permission_id_auth_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."auth_permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_permissions" ADD CONSTRAINT "analysis_permissions_policy_id_auth_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."auth_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_tasks" ADD CONSTRAINT "node_tasks_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "master_images_group_virtual_path_index" ON "master_images" USING btree ("group_virtual_path");--> statement-breakpoint
CREATE INDEX "master_images_path_index" ON "master_images" USING btree ("path");--> statement-breakpoint
CREATE INDEX "registry_projects_realm_index" ON "registry_projects" USING btree ("realm_id");--> statement-breakpoint
CREATE INDEX "nodes_realm_index" ON "nodes" USING btree ("realm_id");--> statement-breakpoint
CREATE INDEX "project_nodes_project_realm_index" ON "project_nodes" USING btree ("project_realm_id");--> statement-breakpoint
CREATE INDEX "project_nodes_node_realm_index" ON "project_nodes" USING btree ("node_realm_id");--> statement-breakpoint
CREATE INDEX "project_nodes_node_index" ON "project_nodes" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "projects_realm_index" ON "projects" USING btree ("realm_id");--> statement-breakpoint
CREATE INDEX "analyses_name_index" ON "analyses" USING btree ("name");--> statement-breakpoint
CREATE INDEX "analyses_build_status_index" ON "analyses" USING btree ("build_status");--> statement-breakpoint
CREATE INDEX "analyses_run_status_index" ON "analyses" USING btree ("run_status");--> statement-breakpoint
CREATE INDEX "analyses_project_index" ON "analyses" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "analyses_realm_index" ON "analyses" USING btree ("realm_id");--> statement-breakpoint
CREATE INDEX "analysis_bucket_files_bucket_index" ON "analysis_bucket_files" USING btree ("bucket_id");--> statement-breakpoint
CREATE INDEX "analysis_bucket_files_analysis_index" ON "analysis_bucket_files" USING btree ("analysis_id");--> statement-breakpoint
CREATE INDEX "analysis_node_events_analysis_index" ON "analysis_node_events" USING btree ("analysis_id");--> statement-breakpoint
CREATE INDEX "analysis_node_events_node_index" ON "analysis_node_events" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "analysis_nodes_analysis_realm_index" ON "analysis_nodes" USING btree ("analysis_realm_id");--> statement-breakpoint
CREATE INDEX "analysis_nodes_node_realm_index" ON "analysis_nodes" USING btree ("node_realm_id");--> statement-breakpoint
CREATE INDEX "node_tasks_node_index" ON "node_tasks" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "node_tasks_status_index" ON "node_tasks" USING btree ("status");--> statement-breakpoint
-- Counters (projects.nodes, projects.analyses, analyses.nodes) follow their rows by triggers, so every
-- path keeps them exact: the API, cascades (a deleted node leaves its projects) and concurrent writers
-- (the increment runs under the row lock). Written by hand; drizzle-kit does not model triggers.
CREATE FUNCTION "core_count_project_nodes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "projects" SET "nodes" = "nodes" + 1 WHERE "id" = NEW."project_id";
    RETURN NEW;
  END IF;
  UPDATE "projects" SET "nodes" = "nodes" - 1 WHERE "id" = OLD."project_id";
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "project_nodes_count" AFTER INSERT OR DELETE ON "project_nodes"
  FOR EACH ROW EXECUTE FUNCTION "core_count_project_nodes"();--> statement-breakpoint
CREATE FUNCTION "core_count_project_analyses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "projects" SET "analyses" = "analyses" + 1 WHERE "id" = NEW."project_id";
    RETURN NEW;
  END IF;
  UPDATE "projects" SET "analyses" = "analyses" - 1 WHERE "id" = OLD."project_id";
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "analyses_count" AFTER INSERT OR DELETE ON "analyses"
  FOR EACH ROW EXECUTE FUNCTION "core_count_project_analyses"();--> statement-breakpoint
CREATE FUNCTION "core_count_analysis_nodes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "analyses" SET "nodes" = "nodes" + 1 WHERE "id" = NEW."analysis_id";
    RETURN NEW;
  END IF;
  UPDATE "analyses" SET "nodes" = "nodes" - 1 WHERE "id" = OLD."analysis_id";
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "analysis_nodes_count" AFTER INSERT OR DELETE ON "analysis_nodes"
  FOR EACH ROW EXECUTE FUNCTION "core_count_analysis_nodes"();
