CREATE TABLE "auth_access_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "auth_access_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Every statement that changes permissions, policies or who holds a permission (directly or through a
-- role) raises the version, in the writing transaction, so the new version becomes visible exactly
-- when the change does. Caches of permission data compare it on every request (auth_access_version
-- in modules/auth/db). Statement triggers also see cascades. Written by hand; drizzle-kit does not
-- model triggers.
CREATE FUNCTION "auth_bump_access_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "auth_access_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "auth_permissions_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auth_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_bump_access_version"();--> statement-breakpoint
CREATE TRIGGER "auth_policies_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auth_policies"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_bump_access_version"();--> statement-breakpoint
CREATE TRIGGER "auth_role_permissions_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auth_role_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_bump_access_version"();--> statement-breakpoint
CREATE TRIGGER "auth_user_roles_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auth_user_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_bump_access_version"();--> statement-breakpoint
CREATE TRIGGER "auth_user_permissions_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auth_user_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_bump_access_version"();--> statement-breakpoint
CREATE TRIGGER "auth_robot_roles_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auth_robot_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_bump_access_version"();--> statement-breakpoint
CREATE TRIGGER "auth_robot_permissions_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auth_robot_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_bump_access_version"();--> statement-breakpoint
CREATE TRIGGER "auth_client_roles_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auth_client_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_bump_access_version"();--> statement-breakpoint
CREATE TRIGGER "auth_client_permissions_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auth_client_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_bump_access_version"();
