CREATE TABLE "telemetry_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(128) NOT NULL,
	"scope" varchar(128) NOT NULL,
	"ref_type" varchar(128) NOT NULL,
	"ref_id" varchar(128),
	"realm_id" uuid,
	"actor_type" varchar(64),
	"actor_id" uuid,
	"actor_name" varchar(128),
	"request_path" varchar(512),
	"request_method" varchar(10),
	"request_ip_address" varchar(45),
	"request_user_agent" varchar(512),
	"data" jsonb,
	"expiring" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"time" numeric(20, 0) NOT NULL,
	"level" varchar(16) NOT NULL,
	"message" text NOT NULL,
	"service" varchar(64),
	"channel" varchar(16) DEFAULT 'system' NOT NULL,
	"labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"realm_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telemetry_logs_level_check" CHECK ("telemetry_logs"."level" in ('emerg', 'alert', 'crit', 'error', 'warn', 'notice', 'info', 'debug')),
	CONSTRAINT "telemetry_logs_channel_check" CHECK ("telemetry_logs"."channel" in ('http', 'websocket', 'background', 'system'))
);
--> statement-breakpoint
CREATE INDEX "telemetry_events_ref_idx" ON "telemetry_events" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE INDEX "telemetry_events_name_scope_idx" ON "telemetry_events" USING btree ("name","scope");--> statement-breakpoint
CREATE INDEX "telemetry_events_realm_created_idx" ON "telemetry_events" USING btree ("realm_id","created_at");--> statement-breakpoint
CREATE INDEX "telemetry_events_created_idx" ON "telemetry_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "telemetry_events_actor_idx" ON "telemetry_events" USING btree ("actor_type","actor_id");--> statement-breakpoint
CREATE INDEX "telemetry_events_expiry_idx" ON "telemetry_events" USING btree ("expires_at") WHERE "telemetry_events"."expiring";--> statement-breakpoint
CREATE INDEX "telemetry_logs_time_idx" ON "telemetry_logs" USING btree ("time");--> statement-breakpoint
CREATE INDEX "telemetry_logs_realm_time_idx" ON "telemetry_logs" USING btree ("realm_id","time");--> statement-breakpoint
CREATE INDEX "telemetry_logs_labels_idx" ON "telemetry_logs" USING gin ("labels" jsonb_path_ops);