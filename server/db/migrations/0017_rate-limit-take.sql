-- An exact shared rate limit's hit in one round trip (server/db/repositories/rate-limit-repository.ts),
-- where a transaction of its own took five (BEGIN, lock, count, insert, COMMIT): a public booking
-- takes two such hits, and each statement sent costs a system call on both sides. The takers of
-- one key queue on the advisory lock as before; it is held to the end of the calling statement's
-- transaction. The function is VOLATILE, so each statement in it takes a new snapshot: the count
-- after the lock sees every hit committed by whoever held the lock before.
CREATE FUNCTION "rate_limit_take"("p_bucket" text, "p_key_hash" text, "p_limit" bigint, "p_window_ms" double precision)
RETURNS TABLE ("allowed" boolean, "free_in_ms" double precision) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  hits integer;
  oldest_age_ms double precision;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('rate-limit:' || p_bucket), hashtext(p_key_hash));
  SELECT count(*)::int, (extract(epoch from clock_timestamp() - min(h.at)) * 1000)::float8
    INTO hits, oldest_age_ms
    FROM rate_limit_hits h
   WHERE h.bucket = p_bucket AND h.key_hash = p_key_hash
     AND h.at > clock_timestamp() - p_window_ms * interval '1 millisecond';
  IF hits >= p_limit THEN
    RETURN QUERY SELECT false, p_window_ms - coalesce(oldest_age_ms, 0);
    RETURN;
  END IF;
  INSERT INTO rate_limit_hits (bucket, key_hash, at) VALUES (p_bucket, p_key_hash, clock_timestamp());
  RETURN QUERY SELECT true, 0::float8;
END
$$;
