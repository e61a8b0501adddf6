-- Reserved for tip_menu (issue 31); filled by its change.
SELECT 1;
