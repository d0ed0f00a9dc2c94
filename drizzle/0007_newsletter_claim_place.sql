-- Claims a place under a shop's newsletter subscriber cap for the rest of the transaction.
-- Claims of one shop queue on a transaction-level advisory lock, and the count that follows
-- (a new statement, so a new snapshot under READ COMMITTED) sees every subscription committed
-- before the lock was granted; simultaneous requests therefore cannot overshoot the cap.
-- A full cap raises SQLSTATE SF001, which rolls back the transaction that asked.
CREATE OR REPLACE FUNCTION public.newsletter_claim_place(shop uuid, cap integer) RETURNS void
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('newsletter-cap:' || shop::text, 0));
  IF (SELECT count(*) FROM (
        SELECT 1 FROM public.newsletter_subscriptions n
        WHERE n.shop_id = shop AND n.status IN ('pending', 'verified')
        LIMIT cap) capped) >= cap THEN
    RAISE EXCEPTION 'the newsletter subscriber cap of shop % is full', shop
      USING ERRCODE = 'SF001';
  END IF;
END
$$;
