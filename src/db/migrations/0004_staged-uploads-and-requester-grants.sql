CREATE TABLE "staged_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"requester_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"data" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_reset_grants" ADD COLUMN "requester_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "staged_uploads_file_name_idx" ON "staged_uploads" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "staged_uploads_requester_idx" ON "staged_uploads" USING btree ("requester_hash","created_at");--> statement-breakpoint
CREATE INDEX "staged_uploads_expires_idx" ON "staged_uploads" USING btree ("expires_at");