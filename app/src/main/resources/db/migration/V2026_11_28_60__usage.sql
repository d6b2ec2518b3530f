-- Usage counted by the site replicas (io.sites.site.usage): each row is one replica instance's absolute figure,
-- replaced at every write, so a retried write never counts twice; the fleet's figure is the sum over replicas.
-- hour_number: hours since 1970-01-01T00:00Z; day_number: days since then (UTC). No address, no user agent, no
-- cookie is stored: visitors are HyperLogLog registers of a hash salted with a salt that never leaves memory.
create table usage_hour (
    replica     varchar(200) not null,
    website_id  varchar(64)  not null,
    hour_number bigint       not null,
    requests    bigint       not null,
    bytes_sent  bigint       not null,
    status_2xx  bigint       not null,
    status_3xx  bigint       not null,
    status_4xx  bigint       not null,
    status_5xx  bigint       not null,
    cache_hits  bigint       not null,
    written_at  timestamp    not null,
    primary key (website_id, hour_number, replica)
);

-- The visitors' estimate of a replica's day: 2048 HyperLogLog registers, base64.
create table usage_day (
    replica    varchar(200)  not null,
    website_id varchar(64)   not null,
    day_number bigint        not null,
    visitors   varchar(4000) not null,
    written_at timestamp     not null,
    primary key (website_id, day_number, replica)
);

-- A replica's 50 most requested paths of a day (as requested, cut at 512 characters).
create table usage_path (
    replica    varchar(200) not null,
    website_id varchar(64)  not null,
    day_number bigint       not null,
    path       varchar(512) not null,
    requests   bigint       not null,
    primary key (website_id, day_number, replica, path)
);

-- A replica's 20 most frequent referring hosts of a day: the host only, never the address that referred.
create table usage_referrer (
    replica    varchar(200) not null,
    website_id varchar(64)  not null,
    day_number bigint       not null,
    host       varchar(253) not null,
    requests   bigint       not null,
    primary key (website_id, day_number, replica, host)
);
