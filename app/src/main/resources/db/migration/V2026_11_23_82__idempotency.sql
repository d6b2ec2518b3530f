-- Idempotency-Key claims and the answers kept for them (IdempotentRequests), shared by every replica and surviving
-- restarts. One row per account and key, inserted before the request runs (the primary key decides racing
-- duplicates); status and answer are filled in when it ends, or the row is deleted when its answer is not kept.
-- Only the SHA-256 of the key is stored, and the answer body is sealed with a key derived from the Idempotency-Key
-- itself, so the table alone gives no putUrl back. Rows older than 24 hours no longer count and are purged lazily.
create table idempotent_request (
    account_id    varchar(64)  not null,
    key_sha256    varchar(64)  not null,
    fingerprint   varchar(64)  not null,
    created_at    timestamp    not null,
    claimed_at    timestamp    not null,
    status        integer,
    content_type  varchar(200),
    location      varchar(2000),
    body          bytea,
    primary key (account_id, key_sha256)
);
create index idempotent_request_created on idempotent_request (created_at);
