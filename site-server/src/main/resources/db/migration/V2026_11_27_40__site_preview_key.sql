-- The key that signs preview grants (docs/DECISIONS.md, "Previews need a grant"): created once by whichever
-- replica starts first, then loaded by all, so a grant minted by any API replica is checked by any site replica in
-- memory. Like oauth_signing_key, it lives in the database every replica already shares: nothing to configure.
create table site_preview_key (
    id         varchar(32)  primary key,
    secret     varchar(200) not null,
    created_at timestamp with time zone not null
);
