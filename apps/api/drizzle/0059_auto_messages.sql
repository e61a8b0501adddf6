-- Reserved for auto_messages (issue 31); filled by its change.
SELECT 1;
