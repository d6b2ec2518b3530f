-- Every rate limit of the service counts here, shared by every replica and surviving restarts: one row per kind of
-- limit ('publish', 'fetch', 'sign-up', 'sign-in-username', 'site-password', ...), subject (an account, a client
-- address, a username, a site and address) and fixed window (its start in epoch seconds; a kind's windows all have
-- one length). Rows of ended windows are deleted as new windows of their kind open (RateWindows).
create table rate_window (
    kind         varchar(32)  not null,
    subject      varchar(128) not null,
    window_start bigint       not null,
    used         integer      not null,
    primary key (kind, subject, window_start)
);
create index rate_window_ended on rate_window (kind, window_start);
