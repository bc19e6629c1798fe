CREATE TABLE "search_documents" (
	"index_name" text NOT NULL,
	"object_id" text NOT NULL,
	"record" jsonb NOT NULL,
	CONSTRAINT "search_documents_index_name_object_id_pk" PRIMARY KEY("index_name","object_id")
);
--> statement-breakpoint
-- Hand-added: the records move across before their column goes, so a search keeps answering without a reindex.
INSERT INTO "search_documents" ("index_name", "object_id", "record") SELECT "index_name", "object_id", "record" FROM "search_records";--> statement-breakpoint
DROP INDEX "search_records_search_idx";--> statement-breakpoint
CREATE INDEX "search_records_search_idx" ON "search_records" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
ALTER TABLE "search_records" DROP COLUMN "record";--> statement-breakpoint
ALTER TABLE "search_records" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "search_records" DROP COLUMN "description";