-- Set validation for slugs across all websites: the claim is inserted in the transaction that appends the
-- WebsiteCreated event, so the primary key decides races and a failed publish rolls its claim back.
create table slug_claim (
    slug       varchar(64) primary key,
    website_id varchar(64) not null,
    claimed_at timestamp   not null
);
