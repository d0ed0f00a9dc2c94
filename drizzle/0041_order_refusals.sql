-- Refuses the order being written, from inside the one batch (one transaction) that writes it.
-- A statement of the batch calls it when what it found decides against the order: the stock a
-- line needs is gone, the coupon is used up or already used by this email, or another request
-- with the same Idempotency-Key created the order first. The exception (SQLSTATE SF003) rolls
-- the whole batch back; its message is the reason and its detail what it concerns (the ids of
-- the products and variants short of stock), for the service to answer with.
CREATE OR REPLACE FUNCTION public.order_refuse(reason text, detail text) RETURNS void
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  RAISE EXCEPTION '%', reason USING ERRCODE = 'SF003', DETAIL = coalesce(detail, '');
END
$$;
