-- Intentionally empty: the number was reserved for tracking links (issue 30 §4), which did not land;
-- that work takes the next free number.
SELECT 1;
