-- Search (catalogue) needs accent-insensitive and trigram matching; PGlite ships both as contrib extensions.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
