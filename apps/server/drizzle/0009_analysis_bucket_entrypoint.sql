-- Hand-added before the generated index: a database written before it could hold a second entrypoint
-- in a bucket (the writers' row lock was the only guard); the newest mark stays.
UPDATE "analysis_bucket_files" SET "root" = false
WHERE "root" = true AND "id" NOT IN (
	SELECT DISTINCT ON ("bucket_id") "id" FROM "analysis_bucket_files"
	WHERE "root" = true ORDER BY "bucket_id", "updated_at" DESC, "id"
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_bucket_files_bucket_entrypoint_unique" ON "analysis_bucket_files" USING btree ("bucket_id") WHERE "analysis_bucket_files"."root" = true;
