-- HTTPS for custom domains (issue 34, items 4-5; docs/ARCHITECTURE.md §3.16). Every sites replica serves every
-- domain from these rows and orders certificates through them, so a new replica has them at start.
-- tls_certificate: one served certificate per hostname; the private key sealed (AES-GCM, SITES_KEY_ENCRYPTION_KEY).
create table tls_certificate (
    hostname   varchar(253)   primary key,
    chain_pem  varchar(65536) not null,
    key_sealed varchar(16384) not null,
    issuer     varchar(1000)  not null,
    not_before timestamp      not null,
    not_after  timestamp      not null,
    issued_at  timestamp      not null
);

-- acme_challenge: HTTP-01 answers, written before the CA is asked to validate, so whichever replica it reaches answers.
create table acme_challenge (
    token         varchar(256) primary key,
    key_authz     varchar(512) not null,
    hostname      varchar(253) not null,
    created_at    timestamp    not null
);

-- acme_order: who orders a hostname's certificate now (a lease, taken by an update that only one replica wins) and,
-- after a failure, when the next attempt may start (back-off) and why the last one failed.
create table acme_order (
    hostname     varchar(253)  primary key,
    holder       varchar(128),
    lease_until  timestamp,
    failures     int           not null,
    next_attempt timestamp     not null,
    reason       varchar(1000)
);

-- acme_account: the ACME account's key per CA directory, sealed like the certificates' keys.
create table acme_account (
    directory  varchar(500)   primary key,
    key_sealed varchar(16384) not null,
    created_at timestamp      not null
);
