-- Custom SQL migration file, put your code below! --
-- pg_trgm powers typo-tolerant product search (gin_trgm_ops index on products.name).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
