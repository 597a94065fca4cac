ALTER TABLE "analyses" ADD COLUMN "configuration_entrypoint_valid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "configuration_image_valid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "configuration_node_aggregator_valid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "configuration_node_default_valid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "configuration_nodes_valid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers). The configuration checks of an analysis
-- follow every change that moves them, in that change's transaction, whichever path wrote it: the
-- API, cascades, the removal of stored files. The refresh locks the analysis row first, so its
-- reading statement starts after a concurrent writer of the same analysis committed and sees its
-- change (READ COMMITTED takes a new snapshot per statement): no check is lost between two writers.
CREATE FUNCTION "core_refresh_analysis_configuration"(target uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "analyses" WHERE "id" = target FOR NO KEY UPDATE;
  UPDATE "analyses" SET
    "configuration_entrypoint_valid" = checks.entrypoint,
    "configuration_node_aggregator_valid" = checks.aggregator,
    "configuration_node_default_valid" = checks.default_node
  FROM (
    SELECT
      EXISTS (
        SELECT 1 FROM "analysis_bucket_files" f
        JOIN "analysis_buckets" b ON b."id" = f."bucket_id"
        WHERE f."analysis_id" = target AND f."root" AND b."type" = 'CODE'
      ) AS entrypoint,
      EXISTS (
        SELECT 1 FROM "analysis_nodes" an JOIN "nodes" n ON n."id" = an."node_id"
        WHERE an."analysis_id" = target AND n."type" = 'aggregator'
      ) AS aggregator,
      EXISTS (
        SELECT 1 FROM "analysis_nodes" an JOIN "nodes" n ON n."id" = an."node_id"
        WHERE an."analysis_id" = target AND n."type" <> 'aggregator'
      ) AS default_node
  ) AS checks
  WHERE "analyses"."id" = target AND (
    "configuration_entrypoint_valid" IS DISTINCT FROM checks.entrypoint
    OR "configuration_node_aggregator_valid" IS DISTINCT FROM checks.aggregator
    OR "configuration_node_default_valid" IS DISTINCT FROM checks.default_node
  );
END;
$$;--> statement-breakpoint
-- The checks that depend on the analysis row alone are derived as the row is written.
CREATE FUNCTION "core_derive_analysis_configuration"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."configuration_image_valid" := NEW."master_image_id" IS NOT NULL;
  NEW."configuration_nodes_valid" :=
    NEW."configuration_node_aggregator_valid" AND NEW."configuration_node_default_valid";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "analyses_configuration_derive" BEFORE INSERT OR UPDATE ON "analyses"
  FOR EACH ROW EXECUTE FUNCTION "core_derive_analysis_configuration"();--> statement-breakpoint
CREATE FUNCTION "core_analysis_configuration_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "core_refresh_analysis_configuration"(OLD."analysis_id"); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW."analysis_id" <> OLD."analysis_id") THEN
    PERFORM "core_refresh_analysis_configuration"(NEW."analysis_id");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "analysis_nodes_configuration" AFTER INSERT OR DELETE ON "analysis_nodes"
  FOR EACH ROW EXECUTE FUNCTION "core_analysis_configuration_of_row"();--> statement-breakpoint
-- Only entrypoint marks move the check; unmarked files come and go without touching the analysis.
CREATE TRIGGER "analysis_bucket_files_configuration_insert" AFTER INSERT ON "analysis_bucket_files"
  FOR EACH ROW WHEN (NEW."root") EXECUTE FUNCTION "core_analysis_configuration_of_row"();--> statement-breakpoint
CREATE TRIGGER "analysis_bucket_files_configuration_delete" AFTER DELETE ON "analysis_bucket_files"
  FOR EACH ROW WHEN (OLD."root") EXECUTE FUNCTION "core_analysis_configuration_of_row"();--> statement-breakpoint
CREATE TRIGGER "analysis_bucket_files_configuration_update" AFTER UPDATE ON "analysis_bucket_files"
  FOR EACH ROW WHEN (OLD."root" IS DISTINCT FROM NEW."root" OR OLD."bucket_id" IS DISTINCT FROM NEW."bucket_id")
  EXECUTE FUNCTION "core_analysis_configuration_of_row"();--> statement-breakpoint
-- A node that changes its type changes the checks of every analysis it takes part in.
CREATE FUNCTION "core_analysis_configuration_of_node"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
BEGIN
  FOR target IN SELECT DISTINCT "analysis_id" FROM "analysis_nodes" WHERE "node_id" = NEW."id" ORDER BY 1 LOOP
    PERFORM "core_refresh_analysis_configuration"(target);
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "nodes_configuration" AFTER UPDATE OF "type" ON "nodes"
  FOR EACH ROW WHEN (OLD."type" IS DISTINCT FROM NEW."type")
  EXECUTE FUNCTION "core_analysis_configuration_of_node"();--> statement-breakpoint
-- Analyses written before this migration.
UPDATE "analyses" SET "configuration_image_valid" = "master_image_id" IS NOT NULL;--> statement-breakpoint
SELECT "core_refresh_analysis_configuration"("id") FROM "analyses";
