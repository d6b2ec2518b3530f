-- Read model of the query side. Rebuildable from the event store; nothing else writes these tables.
create table qs_website (
    id             varchar(64)  primary key,
    owner_id       varchar(64)  not null,
    name           varchar(512) not null,
    slug           varchar(64),
    category       varchar(32)  not null,
    description    text,
    status         varchar(16)  not null,
    current_job_id varchar(64),
    current_version integer,
    created_at     timestamp    not null,
    updated_at     timestamp    not null
);
create index qs_website_owner on qs_website (owner_id, updated_at);

create table qs_version (
    job_id      varchar(64) primary key,
    website_id  varchar(64) not null,
    version     integer     not null,
    kind        varchar(16) not null,
    status      varchar(16) not null,
    message     text,
    promote     boolean     not null,
    file_count  integer     not null,
    total_bytes bigint      not null,
    created_at  timestamp   not null,
    unique (website_id, version)
);
