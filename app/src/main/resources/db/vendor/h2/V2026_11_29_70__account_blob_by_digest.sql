-- account_blob keyed by digest first: a publish asks which of up to 500 digests an account holds (sha256 in (...)
-- and account_id = ?), and H2 uses an index for an IN list only on the index's first column. Keyed by account
-- first, it read every row of the account for each question: a 100,000-file site's publish asked 200 of them
-- over 100,000 rows each. PostgreSQL's version of this migration makes the same change with its own syntax.
alter table account_blob drop primary key;
alter table account_blob add primary key (sha256, account_id);
-- The key now serves what this index served (a collected digest's rows); an erased account's rows need their own.
drop index account_blob_sha256;
create index account_blob_account on account_blob (account_id);
