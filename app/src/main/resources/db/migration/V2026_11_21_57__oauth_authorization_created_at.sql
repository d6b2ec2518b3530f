-- When an authorization was started, so that requests abandoned at the consent page (they have no token, hence no
-- expiry) can be pruned too. The library's insert does not name the column; the default fills it.
alter table oauth2_authorization add column created_at timestamp default current_timestamp not null;
