-- Custom domains (issue 34). domain_claim: a verified hostname is held by one website at a time, the primary key
-- decides races, inserted in the transaction that appends DomainVerified (as slug_claim for slugs).
-- website_domain: the domains as the Website aggregate last decided them, written in the same transaction, so a
-- list reads what was just decided and the periodic check finds the served domains without replaying streams.
create table domain_claim (
    hostname   varchar(253) primary key,
    website_id varchar(64)  not null,
    claimed_at timestamp    not null
);

create table website_domain (
    website_id varchar(64)   not null,
    hostname   varchar(253)  not null,
    owner_id   varchar(64)   not null,
    token      varchar(64)   not null,
    status     varchar(16)   not null,
    reason     varchar(1000),
    checked_at timestamp,
    added_at   timestamp     not null,
    primary key (website_id, hostname)
);

create index website_domain_owner on website_domain (owner_id);
create index website_domain_status on website_domain (status);
