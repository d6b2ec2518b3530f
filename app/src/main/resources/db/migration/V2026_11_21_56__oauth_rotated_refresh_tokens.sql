-- Refresh tokens that were used and replaced, by hash: presenting one again means two parties hold the grant
-- (OAuth 2.1 section 4.3.1), so the authorization's current tokens are revoked.
create table oauth_rotated_refresh_token (
    token_hash       varchar(100) primary key,
    authorization_id varchar(100) not null,
    rotated_at       timestamp    not null
);
create index oauth_rotated_refresh_token_authorization on oauth_rotated_refresh_token (authorization_id);
