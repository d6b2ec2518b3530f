-- The OAuth 2.1 authorization server's state, shared by every replica. The column names are those Spring
-- Security's JDBC repositories expect. Large values are unbounded varchar on both PostgreSQL and H2 (not blob/text):
-- the library reads each column's JDBC type once per JVM, so both databases must report the same type.
-- Token columns hold "sha256:<hex>" of the token, never the token itself (HashedAuthorizations).
create table oauth2_registered_client (
    id                            varchar(100)  primary key,
    client_id                     varchar(100)  not null unique,
    client_id_issued_at           timestamp     default current_timestamp not null,
    client_secret                 varchar(200),
    client_secret_expires_at      timestamp,
    client_name                   varchar(200)  not null,
    client_authentication_methods varchar(1000) not null,
    authorization_grant_types     varchar(1000) not null,
    redirect_uris                 varchar(4000),
    post_logout_redirect_uris     varchar(1000),
    scopes                        varchar(1000) not null,
    client_settings               varchar(2000) not null,
    token_settings                varchar(2000) not null
);

create table oauth2_authorization (
    id                            varchar(100) primary key,
    registered_client_id          varchar(100) not null,
    principal_name                varchar(200) not null,
    authorization_grant_type      varchar(100) not null,
    authorized_scopes             varchar(1000),
    attributes                    varchar,
    state                         varchar(500),
    authorization_code_value      varchar,
    authorization_code_issued_at  timestamp,
    authorization_code_expires_at timestamp,
    authorization_code_metadata   varchar,
    access_token_value            varchar,
    access_token_issued_at        timestamp,
    access_token_expires_at       timestamp,
    access_token_metadata         varchar,
    access_token_type             varchar(100),
    access_token_scopes           varchar(1000),
    oidc_id_token_value           varchar,
    oidc_id_token_issued_at       timestamp,
    oidc_id_token_expires_at      timestamp,
    oidc_id_token_metadata        varchar,
    refresh_token_value           varchar,
    refresh_token_issued_at       timestamp,
    refresh_token_expires_at      timestamp,
    refresh_token_metadata        varchar,
    user_code_value               varchar,
    user_code_issued_at           timestamp,
    user_code_expires_at          timestamp,
    user_code_metadata            varchar,
    device_code_value             varchar,
    device_code_issued_at         timestamp,
    device_code_expires_at        timestamp,
    device_code_metadata          varchar
);
-- Every request with an OAuth token, and every code and refresh exchange, looks its authorization up by hash.
create index oauth2_authorization_access_token on oauth2_authorization (access_token_value);
create index oauth2_authorization_refresh_token on oauth2_authorization (refresh_token_value);
create index oauth2_authorization_code on oauth2_authorization (authorization_code_value);
create index oauth2_authorization_state on oauth2_authorization (state);

create table oauth2_authorization_consent (
    registered_client_id varchar(100)  not null,
    principal_name       varchar(200)  not null,
    authorities          varchar(1000) not null,
    primary key (registered_client_id, principal_name)
);

-- The key that signs access tokens: created once by whichever replica starts first, then loaded by all.
create table oauth_signing_key (
    id          varchar(64) primary key,
    private_key varchar     not null,
    public_key  varchar     not null,
    created_at  timestamp   not null
);
