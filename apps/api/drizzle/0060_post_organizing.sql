-- Reserved for post_organizing (issue 31); filled by its change.
SELECT 1;
