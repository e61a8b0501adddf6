-- Reserved (issue 30): filled by the work that lands it.
SELECT 1;
