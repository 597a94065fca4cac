CREATE TABLE "storage_bucket_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(1024) NOT NULL,
	"path" varchar(1024) NOT NULL,
	"directory" varchar(1024) NOT NULL,
	"hash" varchar(64) NOT NULL,
	"size" bigint NOT NULL,
	"bucket_id" uuid NOT NULL,
	"actor_type" varchar(64) NOT NULL,
	"actor_id" uuid NOT NULL,
	"realm_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_bucket_files_bucket_path_unique" UNIQUE("bucket_id","path")
);
--> statement-breakpoint
CREATE TABLE "storage_buckets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(256) NOT NULL,
	"region" varchar(256),
	"actor_type" varchar(64) NOT NULL,
	"actor_id" uuid NOT NULL,
	"realm_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_buckets_realm_name_unique" UNIQUE("realm_id","name")
);
--> statement-breakpoint
ALTER TABLE "storage_bucket_files" ADD CONSTRAINT "storage_bucket_files_bucket_id_storage_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."storage_buckets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_bucket_files_realm_idx" ON "storage_bucket_files" USING btree ("realm_id");