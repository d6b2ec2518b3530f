-- Quotas and the pause (issue 35 items 3 and 4). The api replicas decide (io.sites.app.usecases.QuotaWatch) from
-- usage_hour; the site replicas only read site_limit, into memory, every second.

-- An account's own quota values, set by the operator (`quota set`); a null column takes the default
-- (SITES_QUOTA_BANDWIDTH_MONTH, SITES_QUOTA_STORAGE, SITES_QUOTA_REQUESTS_SECOND).
create table account_quota (
    account_id      varchar(64) primary key,
    bandwidth_month bigint,
    storage_bytes   bigint,
    requests_second integer,
    changed_at      timestamp   not null
);

-- The notices of a month's bandwidth (50, 75, 100 %): one row per account, month and threshold. The insert that
-- succeeds is the one that tells; every other replica's insert of the same row fails on the key, so each is told once.
-- month_number: months since 1970-01 (UTC). told: the event is in every website's history (BandwidthNoticed); a
-- notice left untold by a replica that stopped half way is told again by the next round of any replica.
create table quota_notice (
    account_id   varchar(64) not null,
    month_number integer     not null,
    threshold    integer     not null,
    bytes_sent   bigint      not null,
    quota_bytes  bigint      not null,
    noticed_at   timestamp   not null,
    told         boolean     default false not null,
    primary key (account_id, month_number, threshold)
);

-- What every site replica enforces, a row only for a website that is paused or has its account's own request
-- ceiling: a million websites without either cost no row. paused_until: the start of the next month (UTC).
create table site_limit (
    website_id      varchar(64) primary key,
    account_id      varchar(64) not null,
    paused_until    timestamp,
    requests_second integer,
    changed_at      timestamp   not null
);

-- The month's bandwidth is summed by hour range across every website.
create index usage_hour_by_hour on usage_hour (hour_number);
