-- Row 2 of auth_access_version is the users version: every statement that changes auth_users
-- raises it, in the writing transaction, so cached pages of the user list (tagged with the version
-- they were read at, compared on every request) are never served after a change, on any replica.
-- Statement triggers also see cascades (a deleted realm takes its users along). Written by hand;
-- drizzle-kit does not model triggers.
INSERT INTO "auth_access_version" ("id", "version") VALUES (2, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "auth_bump_users_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "auth_access_version" SET "version" = "version" + 1 WHERE "id" = 2;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "auth_users_users_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auth_users"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_bump_users_version"();
