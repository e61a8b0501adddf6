-- Reserved for fans (issue 31); filled by its change.
SELECT 1;
