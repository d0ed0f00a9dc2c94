-- Extensions the schema relies on: trigram similarity and accent folding for search,
-- gen_random_uuid() and digest() for ids and hashes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pgcrypto;--> statement-breakpoint
-- unaccent() is STABLE (it depends on a dictionary setting), so it cannot appear in an
-- index expression. Pinning the dictionary makes this wrapper safe to declare IMMUTABLE.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
