ALTER TABLE "auth_refresh_tokens" ADD COLUMN "ip_address" varchar(64);--> statement-breakpoint
ALTER TABLE "auth_refresh_tokens" ADD COLUMN "user_agent" varchar(512);