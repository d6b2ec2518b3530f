-- Accounts and personal access tokens. Only a SHA-256 of each token is stored: tokens carry 256 random bits,
-- so a fast hash is as safe as a slow one, and lookups stay an index probe.
create table account (
    id         varchar(64)  primary key,
    username   varchar(64)  not null unique,
    created_at timestamp    not null
);

create table access_token (
    id           varchar(64)  primary key,
    account_id   varchar(64)  not null references account (id),
    name         varchar(120) not null,
    token_hash   varchar(64)  not null unique,
    created_at   timestamp    not null,
    last_used_at timestamp,
    expires_at   timestamp,
    revoked_at   timestamp
);
create index access_token_account on access_token (account_id);
