-- Uses up the sign-in link of an order email for the rest of the transaction: a link signs
-- in once, before it expires. The UPDATE's row lock makes a simultaneous second use wait and
-- then find the link used. A used or expired link raises SQLSTATE SF002, which rolls back
-- the whole sign-in (session, account, order link) that asked.
CREATE OR REPLACE FUNCTION public.access_link_claim(link uuid) RETURNS void
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  UPDATE public.access_links SET last_used_at = now()
  WHERE id = link AND last_used_at IS NULL AND expires_at > now();
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the sign-in link % was already used or has expired', link
      USING ERRCODE = 'SF002';
  END IF;
END
$$;
--> statement-breakpoint
-- Links were good for 30 days and any number of uses; they now work once within an hour.
-- Links already sent keep at most that hour, and a link already used counts as used.
UPDATE public.access_links SET expires_at = LEAST(expires_at, created_at + interval '60 minutes');
