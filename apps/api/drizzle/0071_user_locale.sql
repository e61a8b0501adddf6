-- Languages (issue 34 §3): the language an account chose (en, es, pt-BR, de, fr; null: none, the
-- browser's is used). Its web pages, e-mails and notification texts come out in it.
ALTER TABLE "users" ADD COLUMN "locale" text;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("locale" IS NULL OR "locale" IN ('en', 'es', 'pt-BR', 'de', 'fr'));
