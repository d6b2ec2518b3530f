-- Publish rate limit: a counter per account and one-minute window, in the database so every replica shares it.
create table publish_rate (
    account_id   varchar(64) not null,
    window_start bigint      not null,
    used         integer     not null,
    primary key (account_id, window_start)
);
