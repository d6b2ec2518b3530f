-- Everything the reads show beyond the first cut: per-version file metadata, editors, deletion and site passwords.
-- Plain SQL that PostgreSQL and H2 (MODE=PostgreSQL) both run; the projection fills it, nothing else writes it.
alter table qs_website add column password_protected boolean not null default false;
alter table qs_website add column deleted_at timestamp;

create table qs_version_file (
    job_id       varchar(64)   not null,
    path         varchar(1024) not null,
    content_type varchar(255),
    size         bigint        not null,
    primary key (job_id, path)
);

create table qs_collaborator (
    website_id varchar(64) not null,
    account_id varchar(64) not null,
    added_at   timestamp   not null,
    primary key (website_id, account_id)
);
create index qs_collaborator_account on qs_collaborator (account_id);
