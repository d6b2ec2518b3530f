-- sourceUrl fetches per account and one-hour window, shared by every replica and surviving restarts.
create table fetch_rate (
    account_id   varchar(64) not null,
    window_start bigint      not null,
    used         integer     not null,
    primary key (account_id, window_start)
);
