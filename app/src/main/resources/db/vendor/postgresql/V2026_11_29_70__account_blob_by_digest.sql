-- account_blob keyed by digest first, as on H2 (see the H2 version of this migration, whose IN lists need it):
-- PostgreSQL answered either order from the key, so this keeps both databases' tables alike.
alter table account_blob drop constraint account_blob_pkey;
alter table account_blob add primary key (sha256, account_id);
drop index account_blob_sha256;
create index account_blob_account on account_blob (account_id);
