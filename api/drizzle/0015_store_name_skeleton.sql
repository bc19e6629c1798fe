ALTER TABLE "sellers" ADD COLUMN "catalogue_name_skeleton" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_catalogue_name_skeleton_key" ON "sellers" USING btree ("catalogue_name_skeleton");