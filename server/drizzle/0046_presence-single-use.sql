CREATE TABLE "spent_qr_nonces" (
	"app_id" uuid NOT NULL,
	"user_uid" uuid NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"spent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spent_qr_nonces_app_id_user_uid_nonce_pk" PRIMARY KEY("app_id","user_uid","nonce")
);
--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "staff_confirms_redemptions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "spent_qr_nonces" ADD CONSTRAINT "spent_qr_nonces_app_id_user_uid_users_app_id_uid_fk" FOREIGN KEY ("app_id","user_uid") REFERENCES "public"."users"("app_id","uid") ON DELETE cascade ON UPDATE no action;