-- Reserved for earning_channels (issue 31); filled by its change.
SELECT 1;
