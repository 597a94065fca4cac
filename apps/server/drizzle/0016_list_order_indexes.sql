DROP INDEX "auth_users_realm_idx";--> statement-breakpoint
DROP INDEX "projects_realm_index";--> statement-breakpoint
DROP INDEX "analyses_project_index";--> statement-breakpoint
DROP INDEX "analyses_realm_index";--> statement-breakpoint
CREATE INDEX "auth_users_realm_created_idx" ON "auth_users" USING btree ("realm_id","created_at");--> statement-breakpoint
CREATE INDEX "auth_users_created_idx" ON "auth_users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "projects_realm_created_index" ON "projects" USING btree ("realm_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_created_index" ON "projects" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "analyses_project_created_index" ON "analyses" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "analyses_realm_created_index" ON "analyses" USING btree ("realm_id","created_at");--> statement-breakpoint
CREATE INDEX "analyses_created_index" ON "analyses" USING btree ("created_at");