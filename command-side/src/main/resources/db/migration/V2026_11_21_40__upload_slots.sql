-- Upload slots: allocated by createUploads, filled by the PUT to putUrl, used up by one successful publish.
-- Only the SHA-256 of the putUrl's secret is stored, as with access tokens: the URL is the credential.
create table upload_slot (
    upload_key    varchar(64)  primary key,
    secret_sha256 varchar(64)  not null unique,
    account_id    varchar(64)  not null,
    path          varchar(1100) not null,
    content_type  varchar(300) not null,
    declared_size bigint,
    created_at    timestamp    not null,
    expires_at    timestamp    not null,
    blob_sha256   varchar(64),
    blob_size     bigint,
    uploaded_at   timestamp,
    used_by       varchar(64),
    used_at       timestamp
);
create index upload_slot_account on upload_slot (account_id, created_at);
