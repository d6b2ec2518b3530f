-- Blob collection (issue 36, item 4; docs/ARCHITECTURE.md "The life of a blob"). One row per blob the store holds:
-- when something last referred to it (a publish's event, an upload, a picture, or the collector adopting a blob it
-- found without a row) and whether its bytes are known to be there. A row that is sure may be trusted without
-- asking the store; one that is not (adopted, or doomed by a sweep that may have deleted the bytes) is verified
-- under the row's lock by the next writer. The sweep deletes bytes only while holding the lock of a row it doomed
-- (doomed_at) in an earlier round, whose mark was read after the doom committed.
create table stored_blob (
    sha256     varchar(64) primary key,
    touched_at timestamp   not null,
    sure       boolean     not null,
    doomed_at  timestamp
);
create index stored_blob_touched on stored_blob (touched_at);

-- One collector at a time in a fleet: whoever holds this row's lease until held_until collects.
create table blob_collection_lease (
    id         integer      primary key,
    holder     varchar(200) not null,
    held_until timestamp    not null
);

-- The mark asks whether a live upload slot holds a blob: by digest. account_blob is emptied of a collected digest.
create index upload_slot_blob on upload_slot (blob_sha256);
create index account_blob_sha256 on account_blob (sha256);
