-- reserved: filled by its feature
SELECT 1;
