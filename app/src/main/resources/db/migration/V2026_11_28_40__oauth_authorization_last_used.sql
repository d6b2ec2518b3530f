-- When an OAuth authorization's access token last opened the interface, for the Tokens page's list of authorised
-- clients (OAuthGrants). The library's statements do not name the column, so its updates leave it as it is.
alter table oauth2_authorization add column last_used_at timestamp;
