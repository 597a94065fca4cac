ALTER TABLE "registries" ADD COLUMN "kind" varchar(32) DEFAULT 'harbor' NOT NULL;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "image_digest" varchar(128);--> statement-breakpoint
ALTER TABLE "analysis_tasks" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_tasks" ADD COLUMN "max_attempts" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_tasks" ADD COLUMN "run_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_tasks" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analysis_tasks" ADD COLUMN "locked_by" varchar(128);--> statement-breakpoint
ALTER TABLE "analysis_tasks" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "service_tasks" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_tasks" ADD COLUMN "max_attempts" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_tasks" ADD COLUMN "run_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "service_tasks" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_tasks" ADD COLUMN "locked_by" varchar(128);--> statement-breakpoint
ALTER TABLE "service_tasks" ADD COLUMN "last_error" text;