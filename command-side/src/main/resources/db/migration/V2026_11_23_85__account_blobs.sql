-- The blobs each account has stored, by a publish (written after its bytes are in the blob store) or by filling an
-- upload slot: the command side's own record of which sha256 a publish of that account may name instead of bytes.
-- A digest never reaches another account's bytes, so the account is part of the key. Existing data is backfilled by
-- V2026_11_23_86 (app), which reads tables of other modules.
create table account_blob (
    account_id varchar(64) not null,
    sha256     varchar(64) not null,
    size       bigint      not null,
    primary key (account_id, sha256)
);
