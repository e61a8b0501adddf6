-- Reserved for a migration in progress; replaced by its statements.
SELECT 1;
