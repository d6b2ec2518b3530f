-- H2 (the embedded default, one process): nothing to notify; the PostgreSQL version of this migration adds the
-- LISTEN/NOTIFY triggers. The version exists for every vendor so that both histories have the same versions.
select 1;
